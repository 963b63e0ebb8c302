/**
 * Escaping for the server-rendered public pages. Everything a person typed (names, details, reviews) goes
 * through `escapeHtml` before it is written into a page, in text and in attribute values alike: the five
 * characters that can end a text or an attribute are replaced, so no typed text can open a tag or an attribute.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** Text for XML (the sitemap): the same five characters. */
export const escapeXml = escapeHtml;

/**
 * Phone numbers in what a poster typed: the public pages hide them, since a number is for signed-in people only,
 * however it was written. Two rules, each over the digits of any script (Latin, Bangla, full-width, Arabic-Indic):
 *
 * - a Bangladeshi mobile number (`01711234567`, `+880 1711-234567`, `008801711234567`) whatever stands between its
 *   digits, as long as no letter does: `01711/234/567`, `০১৭১১.২৩৪.৫৬৭`, `０１７１１ ２３４ ５６７`, `01711 - 234 - 567`;
 * - any other run of 8 or more digits joined by the spaces, dashes, dots, brackets and plus signs people write
 *   between the parts of a number (a landline, a number from abroad); not slashes, which dates have.
 */
const DIGIT = /\p{Nd}/u;
/** What may stand between two digits of one mobile number: anything but a letter or a digit, a few at a time. */
const MOBILE_GAP_MAX_CHARS = 4;
/** A mobile number in its digits alone: 0 or a country code (880, 00880), then 1, the operator's 3 to 9 and 8 more. */
const BD_MOBILE_DIGITS = /(?:(?:00)?880|0)1[3-9]\d{8}/g;
/** What may join the digits of any other phone number. */
const NUMBER_JOINER = /^[\s\-.()+]*$/u;
const OTHER_NUMBER_MIN_DIGITS = 8;

/** A decimal digit of any script as 0 to 9. */
function digitValue(char: string): number {
  const compatible = char.normalize('NFKC'); // full-width and mathematical digits
  if (/^[0-9]$/.test(compatible)) return Number(compatible);
  // Every other script's digits are ten code points in a row, zero first.
  let zero = char.codePointAt(0)!;
  while (zero > 0 && DIGIT.test(String.fromCodePoint(zero - 1)) && char.codePointAt(0)! - zero < 9) zero -= 1;
  return char.codePointAt(0)! - zero;
}

interface Digit {
  /** Where the digit starts and ends in the text (UTF-16 offsets). */
  start: number;
  end: number;
  value: number;
}

/** The runs of digits in which no letter, nor a long gap, stands between two digits. */
function digitRuns(text: string): Digit[][] {
  const runs: Digit[][] = [];
  let run: Digit[] = [];
  for (const match of text.matchAll(/\p{Nd}/gu)) {
    const start = match.index;
    const previous = run.at(-1);
    const gap = previous ? text.slice(previous.end, start) : '';
    if (previous && (gap.length > MOBILE_GAP_MAX_CHARS || /[\p{L}\p{N}]/u.test(gap))) {
      runs.push(run);
      run = [];
    }
    run.push({ start, end: start + match[0].length, value: digitValue(match[0]) });
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The parts of the text (start, end) that hold a phone number. */
function phoneNumberSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const run of digitRuns(text)) {
    const digits = run.map((digit) => digit.value).join('');
    for (const match of digits.matchAll(BD_MOBILE_DIGITS)) {
      spans.push([run[match.index]!.start, run[match.index + match[0].length - 1]!.end]);
    }
    // Other numbers: the digits of the run joined only by what people write inside a number.
    let part: Digit[] = [];
    const closePart = () => {
      if (part.length >= OTHER_NUMBER_MIN_DIGITS) spans.push([part[0]!.start, part.at(-1)!.end]);
      part = [];
    };
    for (const digit of run) {
      const previous = part.at(-1);
      if (previous && !NUMBER_JOINER.test(text.slice(previous.end, digit.start))) closePart();
      part.push(digit);
    }
    closePart();
  }
  return spans;
}

export function withoutPhoneNumbers(text: string, mask = '•••'): string {
  const spans = phoneNumberSpans(text).sort(([a], [b]) => a - b);
  let result = '';
  let at = 0;
  for (const [start, end] of spans) {
    if (start < at) {
      at = Math.max(at, end); // overlaps the span just masked: one mask for both
      continue;
    }
    // A plus sign or an opening bracket just before the number is part of it.
    const lead = /[(（]?[+＋]?$/u.exec(text.slice(at, start))?.[0].length ?? 0;
    const from = start - lead;
    result += `${text.slice(at, from)}${mask}`;
    at = end;
  }
  return result + text.slice(at);
}

/**
 * Bidi controls (embeddings, overrides, isolates and marks) reorder what follows them: in a title or a preview they
 * make "Basha \u202etroppuS" read as "Basha Support". Public pages and their previews show typed text without them.
 */
export function withoutBidiControls(text: string): string {
  return text.replace(/\p{Bidi_Control}/gu, '');
}

/** A text a person typed, as a public page or a link preview shows it: no bidi controls, no phone numbers. */
export function publicText(text: string): string {
  return withoutPhoneNumbers(withoutBidiControls(text));
}

/** At most `maxChars` characters (whole code points), an ellipsis added when cut; spaces collapsed. */
export function shortText(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= maxChars
    ? flat
    : `${chars
        .slice(0, maxChars - 1)
        .join('')
        .trimEnd()}…`;
}
