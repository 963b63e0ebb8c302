/**
 * Compiles the message catalogs to src/i18n/generated before anything that runs TypeScript without Vite
 * (tsc, the server under tsx). Vite and Vitest compile them with the plugin.
 */
import { compile } from '@inlang/paraglide-js';
import { PARAGLIDE_OPTIONS } from './paraglide-options';

await compile({ ...PARAGLIDE_OPTIONS, strategy: [...PARAGLIDE_OPTIONS.strategy] });
