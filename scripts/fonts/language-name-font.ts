import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { LANGUAGE_NAMES } from '../../src/i18n/language-names';

/**
 * The face the language switch draws "বাংলা" with on English pages (src/ui/ui.css): Noto Sans Bengali, the product's
 * Bangla face, cut by HarfBuzz to the letters of the language names, 1 KB. English pages thereby show the name in the
 * product's face on any device, a desktop without Bangla fonts included (where the system's font drew boxes), without
 * downloading the whole Bangla face (44 KiB). Small enough that the build writes it into the style sheet.
 *
 *   npx tsx scripts/fonts/language-name-font.ts    (after changing a language's name; a test compares the file)
 */
export const LANGUAGE_NAME_FONT_FILE = path.resolve('src/styles/fonts/language-names.woff2');

const SOURCE_FACE = path.resolve(
  'node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2',
);

export function languageNameFont(): Promise<Buffer> {
  const text = LANGUAGE_NAMES.map(({ name }) => name).join('');
  return subsetFont(readFileSync(SOURCE_FACE), text, { targetFormat: 'woff2' });
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const font = await languageNameFont();
  writeFileSync(LANGUAGE_NAME_FONT_FILE, font);
  console.log(`${path.relative(process.cwd(), LANGUAGE_NAME_FONT_FILE)}: ${font.length} bytes`);
}
