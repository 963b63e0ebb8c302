import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { convert } from 'fontverter';
import * as hb from 'harfbuzzjs';
import { describe, expect, it } from 'vitest';
import { BANGLA_UNICODE_RANGE, codePointsOf } from '../../src/i18n/bangla-letters';
import { FACES, cutFace, upstreamFace } from './faces';

const BANGLA_LETTERS = new Set(codePointsOf(BANGLA_UNICODE_RANGE));

/** The project's own files that hold text: catalogs, places, demo data, pages, style sheets. */
function projectTexts(): { file: string; text: string }[] {
  return execFileSync('git', ['ls-files', 'src', 'server', 'scripts', 'e2e'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx|json|css|md)$/.test(file))
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

/** Runs of Bangla script in a text (letters, signs, digits and the joiners and dandas between them). */
function banglaRuns(text: string): string[] {
  return text.match(/[\u0980-\u09FF\u0964\u0965\u200C\u200D]+/gu) ?? [];
}

/**
 * How HarfBuzz draws a text with a face: each glyph's outline and position. A glyph that draws nothing and moves
 * nothing is left out: the upstream face gives the joiner (ZWJ) such a glyph, a cut face none, and both look alike.
 */
function shaped(font: hb.Font, text: string): string {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  return buffer
    .getGlyphInfosAndPositions()
    .map((glyph) => `${font.glyphToPath(glyph.codepoint)}|${glyph.xAdvance},${glyph.xOffset},${glyph.yOffset}`)
    .filter((glyph) => glyph !== '|0,0,0')
    .join(' ');
}

async function hbFont(woff2: Buffer): Promise<hb.Font> {
  const sfnt = await convert(woff2, 'sfnt');
  return new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(sfnt))));
}

describe('the Bangla faces', () => {
  it.each(FACES.map((face) => [path.basename(face.file), face] as const))(
    '%s is the one cut from the current letters and names (run scripts/fonts/faces.ts after changing them)',
    async (_name, face) => {
      expect(Buffer.compare(await cutFace(face), readFileSync(face.file))).toBe(0);
    },
  );

  it('the language names face is small enough that the build writes it into the style sheet', () => {
    // Vite inlines an asset under `build.assetsInlineLimit` (4096 bytes by default; vite.config.ts keeps it).
    const face = FACES.find((candidate) => candidate.file.endsWith('language-names.woff2'))!;
    expect(readFileSync(face.file).length).toBeLessThan(4096);
  });

  it("are the faces the style sheets name, for the letters they hold", () => {
    const css = readFileSync('src/styles/fonts.css', 'utf8');
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => body!);
    const bangla = faces.filter((body) => body.includes("'Noto Sans Bengali'"));
    expect(bangla).toHaveLength(2);
    for (const body of bangla) {
      const weight = /font-weight:\s*(\d+)/.exec(body)?.[1];
      expect(body).toContain(`url('./fonts/noto-sans-bengali-bengali-${weight}-normal.woff2')`);
      const range = /unicode-range:([^;]*);/.exec(body)?.[1];
      expect(range?.replace(/\s/g, '')).toBe(BANGLA_UNICODE_RANGE.replace(/\s/g, ''));
    }
  });

  it('hold every Bangla character that Basha writes itself (catalogs, places, demo data)', () => {
    const outside = new Set<string>();
    for (const { file, text } of projectTexts()) {
      for (const run of banglaRuns(text)) {
        for (const character of run) {
          if (!BANGLA_LETTERS.has(character.codePointAt(0)!)) outside.add(`${character} in ${file}`);
        }
      }
    }
    expect([...outside]).toEqual([]);
  });

  it("draw Basha's Bangla, and every consonant with every sign and every other consonant, as the upstream faces do", async () => {
    const consonants = [...'কখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহড়ঢ়য়ৎ'];
    const signs = [...'ািীুূৃেৈোৌংঃঁ্'];
    const samples = new Set<string>();
    for (const { text } of projectTexts()) for (const run of banglaRuns(text)) samples.add(run);
    for (const first of consonants) {
      for (const sign of signs) samples.add(first + sign);
      // Conjuncts, reph and ya-phala: every pair joined by the hasanta, bare and with a vowel sign.
      for (const second of consonants) {
        samples.add(`${first}্${second}`);
        samples.add(`${first}্${second}ো`);
      }
    }
    const weights = [400, 600] as const;
    for (const weight of weights) {
      const ours = await hbFont(readFileSync(FACES.find((face) => face.weight === weight)!.file));
      const upstream = await hbFont(upstreamFace(weight));
      const different = [...samples].filter((sample) => shaped(ours, sample) !== shaped(upstream, sample));
      expect(different.slice(0, 10), `${different.length} of ${samples.size} differ at ${weight}`).toEqual([]);
    }
  });
});
