import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAME_FONT_FILE, languageNameFont } from './language-name-font';

describe('the language names face', () => {
  it('is the one cut from the current names (run scripts/fonts/language-name-font.ts after changing one)', async () => {
    const committed = readFileSync(LANGUAGE_NAME_FONT_FILE);
    expect(Buffer.compare(await languageNameFont(), committed)).toBe(0);
  });

  it('is small enough that the build writes it into the style sheet, not a request of its own', () => {
    // Vite inlines an asset under `build.assetsInlineLimit` (4096 bytes by default; vite.config.ts keeps it).
    expect(readFileSync(LANGUAGE_NAME_FONT_FILE).length).toBeLessThan(4096);
  });
});
