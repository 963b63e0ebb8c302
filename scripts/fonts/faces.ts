import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';
import { BANGLA_UNICODE_RANGE, codePointsOf } from '../../src/i18n/bangla-letters';
import { LANGUAGE_NAMES } from '../../src/i18n/language-names';

/**
 * Basha's Bangla faces, cut by HarfBuzz (subset-font) from Noto Sans Bengali as @fontsource ships it, into
 * src/styles/fonts/ (src/styles/fonts.css uses them):
 *
 * - the 400 and 600 faces, holding the letters of `BANGLA_UNICODE_RANGE` with every conjunct and mark their shaping
 *   needs: 7 KiB smaller each than the upstream Bengali subset, which also holds Sanskrit, Assamese and Vedic signs;
 * - the face the language switch draws "বাংলা" with on English pages: the 400 face cut to the language names'
 *   letters, 1 KB, which the build writes into the style sheet. English pages show the name in the product's face on
 *   any device (a desktop without Bangla fonts drew boxes), without downloading a whole face.
 *
 *   npx tsx scripts/fonts/faces.ts    (after changing the letters or a language's name; a test compares the files)
 */
const FONTS_DIR = path.resolve('src/styles/fonts');

/** Noto Sans Bengali's Bengali subset as @fontsource ships it, WOFF2. */
export function upstreamFace(weight: 400 | 600): Buffer {
  return readFileSync(
    path.resolve(`node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`),
  );
}

export interface Face {
  file: string;
  weight: 400 | 600;
  /** The characters the face holds. */
  text: () => string;
}

const banglaLetters = () => String.fromCodePoint(...codePointsOf(BANGLA_UNICODE_RANGE));

export const FACES: readonly Face[] = [
  { file: path.join(FONTS_DIR, 'noto-sans-bengali-bengali-400-normal.woff2'), weight: 400, text: banglaLetters },
  { file: path.join(FONTS_DIR, 'noto-sans-bengali-bengali-600-normal.woff2'), weight: 600, text: banglaLetters },
  {
    file: path.join(FONTS_DIR, 'language-names.woff2'),
    weight: 400,
    text: () => LANGUAGE_NAMES.map(({ name }) => name).join(''),
  },
];

export function cutFace(face: Face): Promise<Buffer> {
  return subsetFont(upstreamFace(face.weight), face.text(), { targetFormat: 'woff2' });
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  for (const face of FACES) {
    const font = await cutFace(face);
    writeFileSync(face.file, font);
    console.log(`${path.relative(process.cwd(), face.file)}: ${font.length} bytes`);
  }
}
