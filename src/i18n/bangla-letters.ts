/**
 * The characters Basha's Bangla face holds (src/styles/fonts.css, scripts/fonts/faces.ts): the Bengali block as
 * Bangla is written today, with the danda, the joiners that steer conjuncts, and the dotted circle a shaper draws
 * under a lone vowel sign. Left out, to a system font: the letters and signs of Sanskrit (vocalic L and RR, avagraha,
 * anji), Assamese (ra and wa, U+09F0-09F1), the old currency fractions and marks (U+09F2, U+09F4-09FB), the Vedic
 * signs, and the ranges the upstream subset adds for other scripts (Vedic extensions, ₹). That makes each weight
 * 7 KiB smaller. (Written as code points here: a test reads every Bangla letter in the project's files.)
 *
 * The style sheets' `unicode-range` must say the same as the faces hold: a test compares them.
 */
export const BANGLA_UNICODE_RANGE =
  'U+0964-0965, U+0981-0983, U+0985-098B, U+098F-0990, U+0993-09A8, U+09AA-09B0, U+09B2, U+09B6-09B9, U+09BC, ' +
  'U+09BE-09C4, U+09C7-09C8, U+09CB-09CE, U+09D7, U+09DC-09DD, U+09DF, U+09E6-09EF, U+09F3, U+200C-200D, U+25CC';

/** Every code point of a CSS unicode-range ("U+0964-0965, U+09B2"). */
export function codePointsOf(unicodeRange: string): number[] {
  return unicodeRange.split(',').flatMap((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-') as [string, string?];
    const first = Number.parseInt(from, 16);
    const last = Number.parseInt(to, 16);
    return Array.from({ length: last - first + 1 }, (_, i) => first + i);
  });
}
