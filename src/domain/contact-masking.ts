import { readTypedNumber } from './typed-number';

/**
 * Contact details hidden in a conversation's messages (issue 42, point 4). Rental scams in Bangladesh begin by
 * moving the talk to a phone or WhatsApp, so until a message's writer shares their number, the server answers the
 * reader with each phone number, e-mail address and link in it replaced by CONTACT_MASK.
 *
 * People who want to slip a number past a filter write it every way they can: in Latin or Bangla digits (or
 * Devanagari, Arabic or full-width ones) and mixes of them, spaced, dotted, dashed, in brackets, with +880, 880
 * or 0 before it, as words ("zero one seven", "শূন্য এক সাত", "double seven"), with O and l for 0 and 1, or spread
 * over several short runs ("017 is the start, then 1234 5678"); e-mail addresses as "name at gmail dot com" or
 * "name @ gmail . com"; links as wa.me/…, t.me/…, bit.ly/… or a bare example.com. A real Basha message is also
 * full of numbers that must stay readable: prices (৳15,000, "15000-20000 taka"), dates (12/12/2026), times
 * (10:30), house and road numbers, floors, sizes. What decides:
 *
 * - A phone number is a chain of digit runs joined by nothing but spaces and the marks people put between the
 *   parts of a number (- . ( ) / + and a comma or dot with no space after it), holding at least
 *   PHONE_MIN_DIGITS digits, unless the chain reads as a date, an amount grouped with commas or named with a
 *   currency, or a range of two amounts. A chain whose digits are a Bangladesh mobile number is always one.
 * - Runs further apart (other words between them, up to SPREAD_MAX_GAP characters) are a phone number when
 *   together they spell a Bangladesh mobile number from its 0 or 880: a sum of prices or a date never starts so.
 * - An e-mail address is a name, an at (@, "(at)", or the word "at"/"এট" when a known mail host or a dotted
 *   domain follows) and a domain; "name@gmail" without an ending counts. A lone "@handle" counts as a link.
 * - A link is anything with a scheme (https://, whatsapp:, tg:), or dotted names ending in a known top-level
 *   domain ("example.com", "bit.ly/x", "wa.me/…"), with the path that follows. Dots written with spaces or as
 *   "dot" only count before the few endings that are not also words (com, net, org, bd…), so the end of a
 *   sentence is not a link.
 *
 * Each hidden piece becomes one CONTACT_MASK, whatever its length: a neutral mark that reads the same in Bangla
 * and English and gives away neither the kind nor the length of what it hides. The page may style it, using
 * `hidden` (ranges in the masked text), and tell the reader in their language why it is hidden.
 *
 * The text is read once into tokens (runs of digits, of letters, of spaces, single marks) by walking its
 * characters; every later step walks the tokens forward with bounded look-ahead. No regular expression runs over
 * the whole text, so no input can make it backtrack: time grows linearly with the length of the message.
 */

export const CONTACT_MASK = '•••';

/** Fewest digits a chain needs to be hidden as a phone number: a Dhaka land line without its 02 has seven. */
export const PHONE_MIN_DIGITS = 7;

/** Most characters between two runs that together spell a mobile number ("017 and then 12345678"). */
export const SPREAD_MAX_GAP = 32;

export type ContactKind = 'phone' | 'email' | 'link';

/** A piece of text that is a contact: where it is (UTF-16 offsets, end exclusive) and what kind. */
export interface ContactRange {
  readonly kind: ContactKind;
  readonly start: number;
  readonly end: number;
}

export interface MaskedText {
  readonly text: string;
  /** Where each CONTACT_MASK stands in `text`, in order; empty when nothing was hidden. */
  readonly hidden: readonly ContactRange[];
}

/** The text with every contact in it replaced by CONTACT_MASK. Masking a masked text changes nothing. */
export function maskContacts(text: string): MaskedText {
  const found = findContacts(text);
  const hidden: ContactRange[] = [];
  let masked = '';
  let from = 0;
  for (const contact of found) {
    masked += text.slice(from, contact.start);
    hidden.push({ kind: contact.kind, start: masked.length, end: masked.length + CONTACT_MASK.length });
    masked += CONTACT_MASK;
    from = contact.end;
  }
  masked += text.slice(from);
  return { text: masked, hidden };
}

/** Every contact in the text, in order and not overlapping. */
export function findContacts(text: string): ContactRange[] {
  const tokens = tokenize(text);
  const found = [...findPhones(tokens), ...findEmails(tokens), ...findLinks(tokens)];
  return mergeRanges(found);
}

// ---------------------------------------------------------------------------------------------------------------
// Tokens

type TokenKind = 'number' | 'word' | 'space' | 'mark';

interface Token {
  readonly kind: TokenKind;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Digits in Latin for a number; lower case, NFC, without joiners for a word; the text otherwise. */
  readonly key: string;
}

/** Zeros of the digit blocks people use here or paste from elsewhere: Latin, Bangla, Devanagari, Arabic, full width. */
const DIGIT_ZEROS = [0x30, 0x9e6, 0x966, 0x660, 0x6f0, 0xff10];
/** The five sets of mathematical digits (bold, double-struck, sans-serif…), which some "fancy text" sites produce. */
const MATH_DIGITS_FIRST = 0x1d7ce;
const MATH_DIGITS_LAST = 0x1d7ff;

function digitOf(codePoint: number): number {
  for (const zero of DIGIT_ZEROS) if (codePoint >= zero && codePoint <= zero + 9) return codePoint - zero;
  if (codePoint >= MATH_DIGITS_FIRST && codePoint <= MATH_DIGITS_LAST) return (codePoint - MATH_DIGITS_FIRST) % 10;
  return -1;
}

const LETTER = /[\p{L}\p{M}\u200c\u200d]/u;
const SPACE = /\s/u;
const JOINERS = /[\u200c\u200d]/g;

function wordKey(text: string): string {
  return text.normalize('NFC').replace(JOINERS, '').toLowerCase();
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let kind: TokenKind | undefined;
  let start = 0;
  let digits = '';
  const close = (end: number) => {
    if (kind === undefined || end === start) return;
    const piece = text.slice(start, end);
    const key = kind === 'number' ? digits : kind === 'word' ? wordKey(piece) : piece;
    tokens.push({ kind, start, end, text: piece, key });
  };
  let index = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const digit = digitOf(codePoint);
    const charKind: TokenKind =
      digit >= 0 ? 'number' : LETTER.test(char) ? 'word' : SPACE.test(char) ? 'space' : 'mark';
    if (charKind !== kind || charKind === 'mark') {
      close(index);
      kind = charKind;
      start = index;
      digits = '';
    }
    if (digit >= 0) digits += String(digit);
    index += char.length;
  }
  close(index);
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------------
// Phone numbers

/**
 * Digits spelt as words, in English, Bangla and romanised Bangla. Some are also everyday words ("sat", "char",
 * "নয়" for not): they count only in a number said in three words or more (isPhoneChain).
 */
const DIGIT_WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      ['0', 'zero oh shunno shunyo sunno shonno শূন্য শুন্য শূণ্য শুণ্য জিরো'],
      ['1', 'one ek এক ওয়ান'],
      ['2', 'two dui দুই টু'],
      ['3', 'three tin teen তিন থ্রি'],
      ['4', 'four char chaar চার ফোর'],
      ['5', 'five pach panch পাঁচ পাচ ফাইভ'],
      ['6', 'six choy chhoy ছয় সিক্স'],
      ['7', 'seven saat sat সাত সেভেন'],
      ['8', 'eight aat আট এইট'],
      ['9', 'nine noy noi নয় নাইন'],
    ] as const
  ).flatMap(([digit, words]) => words.split(' ').map((word) => [wordKey(word), digit])),
);

/** "double seven", "ট্রিপল শূন্য": the next digit said twice or thrice. */
const REPEAT_WORDS: Readonly<Record<string, number>> = Object.fromEntries(
  (
    [
      ['double', 2],
      ['dabble', 2],
      ['ডাবল', 2],
      ['triple', 3],
      ['ট্রিপল', 3],
    ] as const
  ).map(([word, times]) => [wordKey(word), times]),
);

/** Letters written for digits inside a number: O or o for 0, l or I for 1 ("O17l2345678"). */
const LOOKALIKE_DIGITS: Readonly<Record<string, string>> = { o: '0', l: '1', i: '1' };

/** Endings of ordinals glued to a number ("4th floor", "৪র্থ তলা", "১ম"): such a number is never part of a phone. */
const ORDINAL_ENDINGS = new Set(['st', 'nd', 'rd', 'th', 'ম', wordKey('য়'), wordKey('য়'), 'র্থ', 'ষ্ঠ', 'তম']);

/** Marks that may stand between the parts of one number. */
const NUMBER_JOINERS = new Set(['-', '–', '—', '.', '(', ')', '[', ']', '+', '/', '_', '*', '~', '|', ',', "'", '•']);

/** Currencies that make a long number an amount ("1500000 taka"). */
const CURRENCY_WORDS = new Set(['৳', 'tk', 'taka', 'bdt', 'টাকা', 'lakh', 'lac', 'লাখ', 'crore', 'কোটি']);

/** A Bangladesh mobile number from its 0 or 880: digits no price, date or range has. */
const MOBILE = /^(?:(?:00)?880|0)1[3-9]\d{8}$/;

/** A number said in digits, digit words or look-alike letters; the unit of a phone number. */
interface DigitRun {
  readonly start: number;
  readonly end: number;
  readonly digits: string;
  /** Written in digits only, so its shape (date, amount) may be read. */
  readonly plain: boolean;
  /** Said in words ("seven", "সাত", "double five"). */
  readonly spoken: boolean;
  readonly firstToken: number;
  readonly lastToken: number;
}

function glued(a: Token | undefined, b: Token | undefined): boolean {
  return a !== undefined && b !== undefined && a.end === b.start;
}

/** A word of letters standing for digits, glued to digits on one side ("O" and "l" in "O17l2345678"). */
function isLookalikeAt(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  if (token?.kind !== 'word' || token.key.length > 3 || ![...token.key].every((c) => c in LOOKALIKE_DIGITS))
    return false;
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  return (before?.kind === 'number' && glued(before, token)) || (after?.kind === 'number' && glued(token, after));
}

function digitRuns(tokens: readonly Token[]): DigitRun[] {
  const runs: DigitRun[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind === 'number' || isLookalikeAt(tokens, i)) {
      // Digits and look-alike letters glued together are one run.
      let j = i;
      let digits = '';
      let plain = true;
      for (; j < tokens.length && (j === i || glued(tokens[j - 1], tokens[j])); j++) {
        const part = tokens[j]!;
        if (part.kind === 'number') digits += part.key;
        else if (isLookalikeAt(tokens, j)) {
          digits += Array.from(part.key, (c) => LOOKALIKE_DIGITS[c]).join('');
          plain = false;
        } else break;
      }
      const after = tokens[j];
      if (!(after?.kind === 'word' && glued(tokens[j - 1], after) && ORDINAL_ENDINGS.has(after.key))) {
        runs.push({
          start: token.start,
          end: tokens[j - 1]!.end,
          digits,
          plain,
          spoken: false,
          firstToken: i,
          lastToken: j - 1,
        });
      }
      i = j - 1;
      continue;
    }
    if (token.kind !== 'word') continue;
    const times = REPEAT_WORDS[token.key];
    const next = times === undefined ? undefined : nextNonSpace(tokens, i + 1);
    const repeated = next === undefined ? undefined : spokenDigit(tokens[next]!);
    if (times !== undefined && next !== undefined && repeated !== undefined) {
      const end = tokens[next]!.end;
      runs.push({
        start: token.start,
        end,
        digits: repeated.repeat(times),
        plain: false,
        spoken: true,
        firstToken: i,
        lastToken: next,
      });
      i = next;
      continue;
    }
    const said = spokenDigit(token);
    if (said !== undefined && tokens[i + 1]?.kind !== 'number') {
      runs.push({
        start: token.start,
        end: token.end,
        digits: said,
        plain: false,
        spoken: true,
        firstToken: i,
        lastToken: i,
      });
    }
  }
  return runs;
}

function spokenDigit(token: Token): string | undefined {
  if (token.kind === 'number' && token.key.length === 1) return token.key;
  return token.kind === 'word' ? DIGIT_WORDS[token.key] : undefined;
}

function nextNonSpace(tokens: readonly Token[], from: number): number | undefined {
  for (let i = from; i < tokens.length && i < from + 2; i++) if (tokens[i]!.kind !== 'space') return i;
  return undefined;
}

/** Most characters between two runs of one chain ("017 - 1234"): more is two numbers, not one. */
const CHAIN_MAX_GAP = 8;

/**
 * True when only spaces and number marks stand between two runs. A comma or dot followed by a space ends a
 * sentence or a list ("15000, 12000"), so it splits; written tight ("1,20,000", "017.1234") it joins.
 */
function joins(tokens: readonly Token[], left: DigitRun, right: DigitRun): boolean {
  if (right.start - left.end > CHAIN_MAX_GAP) return false;
  let sawSpace = false;
  let sawStop = false;
  for (let i = left.lastToken + 1; i < right.firstToken; i++) {
    const token = tokens[i]!;
    if (token.kind === 'space') sawSpace = true;
    else if (token.kind === 'mark' && NUMBER_JOINERS.has(token.text)) {
      if (token.text === ',' || token.text === '.') sawStop = true;
    } else return false;
    if (sawStop && sawSpace) return false;
  }
  return true;
}

function findPhones(tokens: readonly Token[]): ContactRange[] {
  const runs = digitRuns(tokens);
  const phones: ContactRange[] = [];
  const used = new Set<number>();
  let chainStart = 0;
  for (let i = 1; i <= runs.length; i++) {
    if (i < runs.length && joins(tokens, runs[i - 1]!, runs[i]!)) continue;
    const chain = runs.slice(chainStart, i);
    if (isPhoneChain(tokens, chain)) {
      phones.push({ kind: 'phone', start: withPlus(tokens, chain[0]!), end: chain[chain.length - 1]!.end });
      for (let k = chainStart; k < i; k++) used.add(k);
    }
    chainStart = i;
  }
  // A mobile number spread over runs with words between them, from a run that starts it with 0 or 880.
  for (let i = 0; i < runs.length; i++) {
    if (used.has(i) || !/^(?:0|88)/.test(runs[i]!.digits)) continue;
    let digits = '';
    for (let j = i; j < runs.length && !used.has(j); j++) {
      if (j > i && runs[j]!.start - runs[j - 1]!.end > SPREAD_MAX_GAP) break;
      digits += runs[j]!.digits;
      if (digits.length > 15) break;
      if (MOBILE.test(digits)) {
        // One mask for runs with only marks between them ("017:1234:5678"), one each across words.
        let from = i;
        for (let k = i; k <= j; k++) {
          used.add(k);
          if (k === j || hasWordBetween(tokens, runs[k]!, runs[k + 1]!)) {
            phones.push({ kind: 'phone', start: runs[from]!.start, end: runs[k]!.end });
            from = k + 1;
          }
        }
        break;
      }
    }
  }
  return phones;
}

function hasWordBetween(tokens: readonly Token[], left: DigitRun, right: DigitRun): boolean {
  return tokens.slice(left.lastToken + 1, right.firstToken).some((token) => token.kind === 'word');
}

/** The chain's start, taking in a + or bracket written before it ("+880 …", "(017) …"). */
function withPlus(tokens: readonly Token[], first: DigitRun): number {
  const before = tokens[first.firstToken - 1];
  return before?.kind === 'mark' && ['+', '＋', '('].includes(before.text) ? before.start : first.start;
}

function isPhoneChain(tokens: readonly Token[], chain: readonly DigitRun[]): boolean {
  const digits = chain.map((run) => run.digits).join('');
  if (MOBILE.test(digits)) return true;
  if (digits.length < PHONE_MIN_DIGITS) return false;
  // A word or two that are also digits next to a number ("১,২০,০০০ নয়": not 1,20,000) do not make it a phone; a
  // number said in three words or more is one.
  if (chain.filter((run) => run.spoken).length < 3) {
    let first = 0;
    let last = chain.length;
    while (first < last && chain[first]!.spoken) first++;
    while (last > first && chain[last - 1]!.spoken) last--;
    if (first > 0 || last < chain.length) return isPhoneChain(tokens, chain.slice(first, last));
  } else return true;
  if (!chain.every((run) => run.plain)) return true;
  return !(isDate(tokens, chain) || isAmountOrRange(tokens, chain));
}

/** What stands between two runs of a chain, without spaces ("/", "-", ""). */
function between(tokens: readonly Token[], left: DigitRun, right: DigitRun): string {
  return tokens
    .slice(left.lastToken + 1, right.firstToken)
    .filter((token) => token.kind === 'mark')
    .map((token) => token.text)
    .join('');
}

/** 12/12/2026, 12.12.26, 2026-12-12. */
function isDate(tokens: readonly Token[], chain: readonly DigitRun[]): boolean {
  if (chain.length !== 3) return false;
  const [a, b, c] = chain.map((run) => run.digits.length) as [number, number, number];
  const first = between(tokens, chain[0]!, chain[1]!);
  const second = between(tokens, chain[1]!, chain[2]!);
  if (first !== second || !['/', '.', '-'].includes(first)) return false;
  const dayFirst = a <= 2 && b <= 2 && (c === 2 || c === 4);
  const yearFirst = a === 4 && b <= 2 && c <= 2;
  return dayFirst || yearFirst;
}

/**
 * An amount grouped with commas ("1,20,00,000") or next to a currency ("1500000 taka"), or a range of two amounts
 * ("15000-20000", "15,000 - 20,000") whose upper end is at most three times the lower: a price range is narrow,
 * and a phone number cut in two rarely is.
 */
function isAmountOrRange(tokens: readonly Token[], chain: readonly DigitRun[]): boolean {
  const amounts: string[] = [chain[0]!.digits];
  const texts: string[] = [chain[0]!.digits];
  for (let k = 1; k < chain.length; k++) {
    const mark = between(tokens, chain[k - 1]!, chain[k]!);
    if (mark === ',') {
      amounts[amounts.length - 1] += chain[k]!.digits;
      texts[texts.length - 1] += `,${chain[k]!.digits}`;
    } else if (mark === '-' || mark === '–' || mark === '—') {
      amounts.push(chain[k]!.digits);
      texts.push(chain[k]!.digits);
    } else return false;
  }
  const readable = texts.every((text) => !text.startsWith('0') && readTypedNumber(text).kind === 'number');
  if (!readable) return false;
  if (amounts.length === 1) return texts[0]!.includes(',') || nearCurrency(tokens, chain);
  if (amounts.length !== 2) return false;
  const [low, high] = amounts.map(Number) as [number, number];
  return low > 0 && low <= high && high <= low * 3;
}

function nearCurrency(tokens: readonly Token[], chain: readonly DigitRun[]): boolean {
  const before = tokens.slice(Math.max(0, chain[0]!.firstToken - 2), chain[0]!.firstToken);
  const last = chain[chain.length - 1]!.lastToken;
  const after = tokens.slice(last + 1, last + 3);
  return [...before, ...after].some((token) => CURRENCY_WORDS.has(token.key));
}

// ---------------------------------------------------------------------------------------------------------------
// E-mail addresses and links

const AT_WORDS = new Set(['at', 'এট', wordKey('অ্যাট'), wordKey('এ্যাট')]);
const DOT_WORDS = new Set(['dot', 'ডট']);
const OPENING = new Set(['(', '[', '{', '<']);
const CLOSING = new Set([')', ']', '}', '>']);

/** Mail hosts that make "name at gmail" an address even without its ending. */
const MAIL_HOSTS = new Set([
  'gmail',
  'googlemail',
  'yahoo',
  'ymail',
  'hotmail',
  'outlook',
  'live',
  'icloud',
  'proton',
  'protonmail',
  'aol',
  'mail',
]);

/** Endings that are not English words: a name before them is a domain even when its dot is spaced or "dot". */
const PLAIN_ENDINGS = new Set(['com', 'net', 'org', 'info', 'bd', 'io', 'ly', 'xyz', 'gl', 'biz', 'link']);

/** Endings of domains written tight ("bit.ly", "example.com.bd"). Ending-words like "me", "to", "in" left out. */
const TIGHT_ENDINGS = new Set([
  ...PLAIN_ENDINGS,
  ...'co gg tk ml ga cf gq app dev site online live shop store top club pk uk fb page ai cc tv ws ru cn click fun pro icu vip work world space website tech cloud lk np au ca de fr sg ae sa qa'.split(
    ' ',
  ),
]);

/** Short-link and messenger hosts on .me: wa.me, t.me, m.me, fb.me. */
const ME_HOSTS = new Set(['wa', 't', 'm', 'fb']);

/** A name part of an address or domain: letters and digits, with - or _ inside ("my-flat", "rahim_22"). */
interface Label {
  readonly first: number;
  readonly last: number;
  readonly key: string;
}

function readLabel(tokens: readonly Token[], from: number): Label | undefined {
  const start = tokens[from];
  if (start?.kind !== 'word' && start?.kind !== 'number') return undefined;
  let last = from;
  let key = start.key;
  for (let i = from + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!glued(tokens[i - 1], token)) break;
    if (token.kind === 'word' || token.kind === 'number') {
      key += token.key;
      last = i;
    } else if (
      (token.text === '-' || token.text === '_') &&
      glued(token, tokens[i + 1]) &&
      (tokens[i + 1]!.kind === 'word' || tokens[i + 1]!.kind === 'number')
    ) {
      key += token.text;
    } else break;
  }
  return { first: from, last, key };
}

type Separator = { readonly next: number; readonly tight: boolean };

/** A dot between two labels at `from`: ".", " . ", " dot ", "(dot)". Where the next label starts, and whether tight. */
function readDot(tokens: readonly Token[], from: number): Separator | undefined {
  return readJoint(tokens, from, (token) => token.text === '.' || token.text === '。', DOT_WORDS);
}

function readAt(tokens: readonly Token[], from: number): Separator | undefined {
  return readJoint(tokens, from, (token) => token.text === '@' || token.text === '＠', AT_WORDS);
}

function readJoint(
  tokens: readonly Token[],
  from: number,
  isMark: (token: Token) => boolean,
  words: ReadonlySet<string>,
): Separator | undefined {
  let i = from;
  const spaced = tokens[i]?.kind === 'space';
  if (spaced) i++;
  const token = tokens[i];
  if (token === undefined) return undefined;
  let tight = false;
  if (token.kind === 'mark' && isMark(token)) {
    tight = !spaced && tokens[i + 1]?.kind !== 'space';
    i++;
  } else if (token.kind === 'mark' && OPENING.has(token.text)) {
    let k = i + 1;
    if (tokens[k]?.kind === 'space') k++;
    if (!(tokens[k]?.kind === 'word' && words.has(tokens[k]!.key))) return undefined;
    k++;
    if (tokens[k]?.kind === 'space') k++;
    if (!(tokens[k]?.kind === 'mark' && CLOSING.has(tokens[k]!.text))) return undefined;
    i = k + 1;
  } else if (token.kind === 'word' && words.has(token.key) && spaced) {
    i++;
    if (tokens[i]?.kind !== 'space') return undefined;
  } else return undefined;
  if (tokens[i]?.kind === 'space') i++;
  return { next: i, tight };
}

/** Labels joined by dots from `from`: each label, and whether every dot was written tight. */
function readDotted(tokens: readonly Token[], from: number): { labels: Label[]; tight: boolean } | undefined {
  const first = readLabel(tokens, from);
  if (first === undefined) return undefined;
  const labels = [first];
  let tight = true;
  for (;;) {
    const dot = readDot(tokens, labels[labels.length - 1]!.last + 1);
    const label = dot && readLabel(tokens, dot.next);
    if (!dot || !label) break;
    tight &&= dot.tight;
    labels.push(label);
  }
  return { labels, tight };
}

/** The end of a link's path written tight after its domain ("/8801…", "?phone=…"), up to the next space. */
function pathEnd(tokens: readonly Token[], last: number): number {
  const next = tokens[last + 1];
  if (!(next?.kind === 'mark' && ['/', '?', '#', ':'].includes(next.text) && glued(tokens[last], next)))
    return tokens[last]!.end;
  let i = last + 1;
  while (i + 1 < tokens.length && tokens[i + 1]!.kind !== 'space') i++;
  return trimClosingMark(tokens, i);
}

/** A link's end without the full stop or bracket that closes the sentence around it. */
function trimClosingMark(tokens: readonly Token[], last: number): number {
  let i = last;
  while (i > 0 && tokens[i]!.kind === 'mark' && ['.', ',', ')', '!', '?', ';', '।'].includes(tokens[i]!.text)) i--;
  return tokens[i]!.end;
}

function findEmails(tokens: readonly Token[]): ContactRange[] {
  const emails: ContactRange[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const atHere =
      token.text === '@' ||
      token.text === '＠' ||
      OPENING.has(token.text) ||
      (token.kind === 'space' && AT_WORDS.has(tokens[i + 1]?.key ?? '')) ||
      (token.kind === 'space' && tokens[i + 1]?.text === '@');
    if (!atHere) continue;
    const at = readAt(tokens, i);
    if (at === undefined) continue;
    const atToken = tokens[i]!.kind === 'space' ? tokens[i + 1]! : token;
    const local = localBefore(tokens, i - 1);
    const domain = readDotted(tokens, at.next);
    if (domain === undefined) continue;
    const lastLabel = domain.labels[domain.labels.length - 1]!;
    const isWordAt = atToken.kind === 'word';
    if (
      local === undefined ||
      (token.kind === 'space' && !isWordAt && domain.labels.length === 1 && !MAIL_HOSTS.has(domain.labels[0]!.key))
    ) {
      // "@rahim_flat": a messenger handle. Never the word "at" alone.
      if (isWordAt || !glued(atToken, tokens[at.next]) || tokens[at.next]?.kind !== 'word') continue;
      emails.push({ kind: 'link', start: atToken.start, end: tokens[lastLabel.last]!.end });
      i = lastLabel.last;
      continue;
    }
    // A word at, or an @ with a space before it ("telegram @rahim_flat"), needs a mail host or a domain after it.
    if (isWordAt || token.kind === 'space') {
      const host = domain.labels[0]!.key;
      const ending = lastLabel.key;
      const dotted = domain.labels.length > 1 && (domain.tight ? TIGHT_ENDINGS : PLAIN_ENDINGS).has(ending);
      if (!MAIL_HOSTS.has(host) && !dotted) continue;
    }
    emails.push({ kind: 'email', start: tokens[local]!.start, end: tokens[lastLabel.last]!.end });
    i = lastLabel.last;
  }
  return emails;
}

/** Where the name before an at starts: letters, digits and . _ - + written tight, ending at `last`. */
function localBefore(tokens: readonly Token[], last: number): number | undefined {
  let i = last;
  if (tokens[i]?.kind === 'space') i--;
  const end = tokens[i];
  if (end?.kind !== 'word' && end?.kind !== 'number') return undefined;
  let first = i;
  while (first > 0) {
    const before = tokens[first - 1]!;
    if (!glued(before, tokens[first])) break;
    const isName = before.kind === 'word' || before.kind === 'number';
    const isInner =
      before.kind === 'mark' &&
      ['.', '_', '-', '+'].includes(before.text) &&
      first - 2 >= 0 &&
      glued(tokens[first - 2], before) &&
      (tokens[first - 2]!.kind === 'word' || tokens[first - 2]!.kind === 'number');
    if (!isName && !isInner) break;
    first--;
  }
  return first;
}

const SCHEMES = new Set(['http', 'https', 'ftp', 'whatsapp', 'tg', 'viber', 'mailto', 'intent', 'imo', 'fb', 'skype']);

function findLinks(tokens: readonly Token[]): ContactRange[] {
  const links: ContactRange[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'word' && token.kind !== 'number') continue;
    const before = tokens[i - 1];
    if ((before?.kind === 'word' || before?.kind === 'number') && glued(before, token)) continue;
    if (i > 0 && tokens[i - 1]!.text === '@') continue;
    const colon = tokens[i + 1];
    if (
      token.kind === 'word' &&
      SCHEMES.has(token.key) &&
      colon?.text === ':' &&
      glued(token, colon) &&
      tokens[i + 2]?.kind !== 'space' &&
      tokens[i + 2] !== undefined
    ) {
      let end = i + 1;
      while (end + 1 < tokens.length && tokens[end + 1]!.kind !== 'space') end++;
      links.push({ kind: 'link', start: token.start, end: trimClosingMark(tokens, end) });
      i = end;
      continue;
    }
    const dotted = readDotted(tokens, i);
    if (dotted === undefined) continue;
    const labels = dotted.labels;
    // A link found later in these labels would end where this one ends: read each dotted name once.
    const lastLabel = labels[labels.length - 1]!.last;
    if (labels.length < 2) {
      i = lastLabel;
      continue;
    }
    // The longest run of labels that ends in a known ending ("example.com" in "example.com.Thanks").
    let endAt = -1;
    for (let k = labels.length - 1; k >= 1 && endAt < 0; k--) {
      const ending = labels[k]!.key;
      const known = dotted.tight ? TIGHT_ENDINGS.has(ending) : PLAIN_ENDINGS.has(ending);
      const onMe =
        ending === 'me' &&
        (ME_HOSTS.has(labels[k - 1]!.key) || (dotted.tight && tokens[labels[k]!.last + 1]?.text === '/'));
      if (known || onMe) endAt = k;
    }
    if (endAt < 0) {
      i = lastLabel;
      continue;
    }
    const last = labels[endAt]!.last;
    links.push({ kind: 'link', start: token.start, end: pathEnd(tokens, last) });
    while (i + 1 < tokens.length && tokens[i + 1]!.start < links[links.length - 1]!.end) i++;
  }
  return links;
}

// ---------------------------------------------------------------------------------------------------------------

/** Ranges in order, overlapping ones made one (of the kind of the one that starts first, or is longer). */
function mergeRanges(ranges: readonly ContactRange[]): ContactRange[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: ContactRange[] = [];
  for (const range of sorted) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && range.start < previous.end) {
      merged[merged.length - 1] = { ...previous, end: Math.max(previous.end, range.end) };
    } else merged.push(range);
  }
  return merged;
}
