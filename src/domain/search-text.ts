import { toLatinDigits } from '@/i18n/digits';

/**
 * How the lists' search boxes compare what was typed with a listing (issue 39): every word of the query must be
 * found, each in any one of the listing's fields, in any order ("মিরপুর ফ্ল্যাট" finds a flat whose area is
 * Mirpur). Both sides are first brought to one form (searchKey), so that the ways one word is typed meet.
 * Near spellings of place names ("mirpor") are the corrector's (./places/place-near.ts).
 */

// Joiners carry no meaning for a search (keyboards put ZWNJ/ZWJ into Bangla words or leave them out); a khanda ta
// typed the old way (ত + hasant + ZWJ) is the letter ৎ.
const OLD_KHANDA_TA = /\u09a4\u09cd\u200d/g;
const JOINERS = /[\u200c\u200d]/g;

/**
 * Bangla letters people write one for the other, each folded to one of them: the long and short i and u (মীরপুর
 * and মিরপুর, দূর and দুর), and the three s (শ ষ স) and two n (ণ ন), which spell checkers let pass and keyboards
 * sit side by side. Folding both sides never hides a listing: it only lets more spellings meet.
 */
const BANGLA_FOLDS: Readonly<Record<string, string>> = {
  '\u09c0': '\u09bf', // ী → ি
  '\u09c2': '\u09c1', // ূ → ু
  '\u0988': '\u0987', // ঈ → ই
  '\u098a': '\u0989', // ঊ → উ
  '\u09b6': '\u09b8', // শ → স
  '\u09b7': '\u09b8', // ষ → স
  '\u09a3': '\u09a8', // ণ → ন
};
const FOLDED_LETTERS = new RegExp(`[${Object.keys(BANGLA_FOLDS).join('')}]`, 'g');

/**
 * Anything but a letter, a combining mark or a digit splits words: "Mirpur-10" is "mirpur 10", "Road#7" is
 * "road 7", and "flat," is "flat".
 */
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/gu;

/**
 * Text as the search compares it: Unicode NFC (a Bangla vowel sign or nukta typed as two code points is the
 * composed one), lower case, without joiners, with Latin digits (Road ৭ finds Road 7, ১২১৫ finds 1215), the
 * Bangla letters written for each other folded, and words split by single spaces.
 */
export function searchKey(text: string): string {
  return toLatinDigits(text.normalize('NFC').replace(OLD_KHANDA_TA, '\u09ce').replace(JOINERS, '').toLowerCase())
    .replace(FOLDED_LETTERS, (letter) => BANGLA_FOLDS[letter] ?? letter)
    .replace(NOT_WORD, ' ')
    .trim();
}

/** The words of a query, in searchKey's form, each once; none for a blank one. */
export function searchWords(query: string): string[] {
  const key = searchKey(query);
  return key ? [...new Set(key.split(' '))] : [];
}

// Between two fields of a listing's search text: no word holds it, so no word matches across two fields.
const FIELD_SEPARATOR = '\n';

/** A listing's fields as one text in searchKey's form, made once per listing and searched for every word. */
export function searchDocument(fields: readonly string[]): string {
  return fields.map(searchKey).join(FIELD_SEPARATOR);
}

/** True when every word is in the document (a listing matches a blank query). */
export function holdsEveryWord(document: string, words: readonly string[]): boolean {
  return words.every((word) => document.includes(word));
}
