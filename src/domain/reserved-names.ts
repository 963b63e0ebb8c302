import { RESERVED_NAME_LETTERS } from './reserved-name-letters';

/**
 * Names that read as Basha itself or as its moderators ("Basha Support", "Moderator", "Bаshа" with Cyrillic а,
 * "M0DERATOR", "rnoderator", "বাসা টিম"): refused, so that a review, an ad or a message cannot speak in Basha's
 * voice. Two names are compared by a skeleton in the manner of Unicode TR39: compatibility forms and accents
 * folded away, each letter replaced by the letter it is confusable with, in lower case. A name is reserved when
 * one of its words, or a run of its words written together ("B a s h a"), has the skeleton of a reserved word.
 * Words are whole: "Abul Bashar" and "Basu" are names, not Basha.
 */

/** The product's name and the moderators' title, in each language Basha speaks. */
export const RESERVED_NAME_WORDS = ['Basha', 'Moderator', 'বাসা', 'মডারেটর'] as const;

/**
 * Latin, Greek and Cyrillic accents and other combining diacritics (the "Combining ... Marks" blocks): folded away,
 * since "Bäsha" reads as Basha. The vowel signs of Bangla and other Indic scripts are letters' parts, not accents,
 * and stay (বসু is not বাসা).
 */
const COMBINING_DIACRITICS: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x0483, 0x0489],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;

function folded(char: string): boolean {
  const point = char.codePointAt(0) ?? 0;
  return DEFAULT_IGNORABLE.test(char) || COMBINING_DIACRITICS.some(([first, last]) => point >= first && point <= last);
}

/** A text's compatibility forms (ｍ, 𝐦, ㎆), accents and invisible characters folded away. */
export function foldForSkeleton(text: string): string {
  return Array.from(text.normalize('NFKC').normalize('NFD'))
    .filter((char) => !folded(char))
    .join('');
}

/** The skeleton of a text: folded, then each character as the lower-case letters it is confusable with. */
export function nameSkeleton(text: string): string {
  return Array.from(foldForSkeleton(text), (char) => RESERVED_NAME_LETTERS[char] ?? char.toLowerCase()).join('');
}

const RESERVED_SKELETONS = new Set(RESERVED_NAME_WORDS.map(nameSkeleton));
const LONGEST_RESERVED = Math.max(...[...RESERVED_SKELETONS].map((skeleton) => skeleton.length));

/** The words of a name as skeletons; a capital after a small letter starts a word ("BashaSupport"). */
function skeletonWords(name: string): string[] {
  const split = name.replace(/(\p{Ll})(?=\p{Lu})/gu, '$1 ');
  return nameSkeleton(split)
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

export function isReservedName(name: string): boolean {
  const words = skeletonWords(name);
  for (let start = 0; start < words.length; start += 1) {
    let joined = '';
    for (const word of words.slice(start)) {
      joined += word;
      if (joined.length > LONGEST_RESERVED) break;
      if (RESERVED_SKELETONS.has(joined)) return true;
    }
  }
  return false;
}
