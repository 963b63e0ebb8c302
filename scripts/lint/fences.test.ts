import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The fences of eslint.config.js, tried on small files placed where each rule applies. The imports name real
// modules, since the rules judge where an import resolves to, not how it is spelt.
const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const eslint = new ESLint({ cwd: root });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

const FENCE = 'import-x/no-restricted-paths';

describe('feature fences', () => {
  it('refuses a feature importing another by the alias', async () => {
    const code = "import { useProfile } from '@/features/profiles/ui/use-profile';\nexport const x = useProfile;\n";
    expect(await ruleIds('src/features/services/ui/fence-probe.tsx', code)).toEqual([FENCE]);
  });

  it('refuses a feature importing another by a relative path', async () => {
    const code = "import { useProfile } from '../../profiles/ui/use-profile';\nexport const x = useProfile;\n";
    expect(await ruleIds('src/features/services/ui/fence-probe.tsx', code)).toEqual([FENCE]);
  });

  it('refuses a dynamic import of another feature', async () => {
    const code = "export const load = () => import('@/features/rent/ui/rent-details-page');\n";
    expect(await ruleIds('src/features/profiles/ui/fence-probe.tsx', code)).toEqual([FENCE]);
  });

  it('refuses a type-only import of another feature', async () => {
    const code =
      "import type { ProfileState } from '@/features/profiles/ui/use-profile';\nexport type X = ProfileState;\n";
    expect(await ruleIds('src/features/services/ui/fence-probe.tsx', code)).toEqual([FENCE]);
  });

  it('lets a feature import itself and the shared code', async () => {
    const code = [
      "import { useProfile } from '../ui/use-profile';",
      "import { useProfile as again } from '@/features/profiles/ui/use-profile';",
      "import { Button } from '@/ui/button';",
      "import { apiErrorMessage } from '@/lib/api-client';",
      "import { RATING_MAX } from '@/domain/service';",
      'export const all = [useProfile, again, Button, apiErrorMessage, RATING_MAX];',
      '',
    ].join('\n');
    expect(await ruleIds('src/features/profiles/api/fence-probe.ts', code)).toEqual([]);
  });

  it('lets the app import every feature', async () => {
    const code = "export const load = () => import('@/features/rent/ui/rent-details-page');\n";
    expect(await ruleIds('src/app/fence-probe.ts', code)).toEqual([]);
  });
});

describe('shared code fences', () => {
  for (const shared of ['src/lib', 'src/ui', 'src/domain']) {
    it(`refuses ${shared} importing a feature or the app`, async () => {
      const code = [
        "import { useProfile } from '@/features/profiles/ui/use-profile';",
        "import { routes } from '@/app/routes';",
        'export const all = [useProfile, routes];',
        '',
      ].join('\n');
      const found = await ruleIds(`${shared}/fence-probe.ts`, code);
      expect(found.filter((id) => id === FENCE)).toHaveLength(2);
    });
  }
});

describe('browser and server fences', () => {
  it('refuses the browser code importing the server', async () => {
    const code = "import { HttpError } from '../../server/http/errors';\nexport const x = HttpError;\n";
    expect(await ruleIds('src/lib/fence-probe.ts', code)).toEqual([FENCE]);
  });

  it('refuses the service worker importing the server', async () => {
    const code = "import { HttpError } from '../server/http/errors';\nexport const x = HttpError;\n";
    expect(await ruleIds('sw/fence-probe.ts', code)).toEqual([FENCE]);
  });

  it('refuses the server importing browser code other than src/domain', async () => {
    const code = [
      "import { apiErrorMessage } from '../../src/lib/api-client';",
      "import { RATING_MAX } from '../../src/domain/service';",
      'export const all = [apiErrorMessage, RATING_MAX];',
      '',
    ].join('\n');
    expect(await ruleIds('server/http/fence-probe.ts', code)).toEqual([FENCE]);
  });
});

describe('import cycles', () => {
  it('refuses a module of src importing one that imports it back', async () => {
    // src/lib/api-client.ts is imported by src/lib/fetch-user-record.ts; importing that back closes a cycle.
    const code = "import { fetchUserRecord } from './fetch-user-record';\nexport const x = fetchUserRecord;\n";
    expect(await ruleIds('src/lib/api-client.ts', code)).toContain('import-x/no-cycle');
  });
});

describe('one database in an idempotent handler', () => {
  const route = (body: string) =>
    [
      "import { Hono } from 'hono';",
      "import type { AppDeps } from '../deps';",
      "import { idempotent } from '../http/idempotency';",
      "import { landingFeedback } from '../db/schema';",
      'export declare function save(deps: AppDeps): Promise<void>;',
      'export function probeRoutes(deps: AppDeps) {',
      '  const routes = new Hono();',
      `  routes.post('/', idempotent(deps, () => 'public', async (c, db) => {\n${body}\n    return c.json({});\n  }));`,
      '  return routes;',
      '}',
      '',
    ].join('\n');

  it('lets the handler use the database it is handed', async () => {
    const code = route('    await db.select().from(landingFeedback);');
    expect(await ruleIds('server/feedback/probe-routes.ts', code)).toEqual([]);
  });

  it('refuses deps.db inside the handler', async () => {
    const code = route(
      '    await db.select().from(landingFeedback);\n    await deps.db.select().from(landingFeedback);',
    );
    expect(await ruleIds('server/feedback/probe-routes.ts', code)).toEqual(['no-restricted-syntax']);
  });

  it('refuses handing deps on to a helper inside the handler', async () => {
    const code = route('    await db.select().from(landingFeedback);\n    await save(deps);');
    expect(await ruleIds('server/feedback/probe-routes.ts', code)).toEqual(['no-restricted-syntax']);
  });
});

describe('no double casts outside tests', () => {
  const code = 'export const x = 1 as unknown as string;\n';

  it('refuses `as unknown as` in the app, the server and the scripts', async () => {
    for (const file of ['src/lib/cast-probe.ts', 'server/http/cast-probe.ts', 'scripts/build/cast-probe.ts']) {
      expect(await ruleIds(file, code)).toEqual(['no-restricted-syntax']);
    }
  });

  it('lets a test build a deliberately broken value', async () => {
    expect(await ruleIds('src/lib/cast-probe.test.ts', code)).toEqual([]);
  });
});

describe('language is data', () => {
  const code = "export const digits = (locale: string) => (locale === 'bn' ? 'bangla' : 'latin');\n";

  it('refuses a comparison with a language code outside src/i18n', async () => {
    for (const file of ['src/lib/locale-probe.ts', 'server/http/locale-probe.ts', 'scripts/build/locale-probe.ts']) {
      expect(await ruleIds(file, code)).toEqual(['basha/no-locale-comparison']);
    }
  });

  it('lets src/i18n and the tests compare', async () => {
    expect(await ruleIds('src/i18n/locale-probe.ts', code)).toEqual([]);
    expect(await ruleIds('src/lib/locale-probe.test.ts', code)).toEqual([]);
  });
});
