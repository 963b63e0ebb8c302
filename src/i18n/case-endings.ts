import type { Locale } from './locale';

/**
 * Case endings joined to a name that a message puts in a sentence: a place ("ঢাকায়", "পল্লবীতে", "মিরপুরে") or a
 * category ("গৃহকর্মীর", "ফ্ল্যাটের"). Bangla writes them onto the word, and which ending fits depends on how the
 * word ends; English says "in" and "of" as words of the message, so its forms are the name as it is.
 *
 * A message that needs a form takes it as a parameter of its own beside the plain name (`{place}` and `{placeIn}`,
 * `{category}` and `{categoryOf}`): each language's catalog uses the one its grammar wants.
 */
interface CaseEndings {
  /** "In X": the locative. */
  locative(name: string): string;
  /** "X's", "of X": the genitive. */
  genitive(name: string): string;
}

const CHANDRABINDU = '\u0981';
const AA_SIGN = 'া';
/** Vowel signs after which the locative is -তে (পল্লবীতে, ধানমন্ডিতে); after া it is -য় (ঢাকায়). */
const VOWEL_SIGNS = /[\u09be-\u09c4\u09c7\u09c8\u09cb\u09cc\u09d7]$/;
/** A consonant that carries its own vowel at the end of a word: the ending is a vowel sign (মিরপুরে, ফ্ল্যাটের). */
const CONSONANT = /[\u0995-\u09b9\u09dc\u09dd\u09df]$/;
const INDEPENDENT_VOWEL = /[\u0985-\u0994]$/;
const KHANDA_TA = 'ৎ';
/** After digits and the signs that take no vowel sign (ং, ঃ, ্) the ending stands apart (মিরপুর ১০-এ, শপিং-এর). */
const DIGIT = /[0-9\u09e6-\u09ef]$/;
const SIGNS_WITHOUT_VOWEL = new Set(['\u0982', '\u0983', '\u09cd']);

interface Endings {
  afterAa: string;
  afterVowel: string;
  afterO: string;
  afterConsonant: string;
  khandaTa: string;
  apart: string;
  other: string;
}

function banglaEnding(name: string, ending: Endings): string {
  const text = name.trimEnd();
  if (!text) return text;
  // A chandrabindu rides on the letter before it: নওগাঁ ends as নওগা does.
  const word = text.endsWith(CHANDRABINDU) ? text.slice(0, -1) : text;
  if (word.endsWith(AA_SIGN)) return text + ending.afterAa;
  if (VOWEL_SIGNS.test(word)) return text + ending.afterVowel;
  if (word.endsWith('ও')) return text + ending.afterO;
  if (INDEPENDENT_VOWEL.test(word)) return text + ending.afterVowel;
  if (CONSONANT.test(word)) return text + ending.afterConsonant;
  if (word.endsWith(KHANDA_TA)) return text.slice(0, -1) + ending.khandaTa;
  if (DIGIT.test(word) || SIGNS_WITHOUT_VOWEL.has(word.slice(-1))) return text + ending.apart;
  // A name typed in Latin letters (an old ad's city): an ending that follows any sound.
  return text + ending.other;
}

const BANGLA: CaseEndings = {
  locative: (name) =>
    banglaEnding(name, {
      afterAa: 'য়',
      afterVowel: 'তে',
      afterO: 'য়ে',
      afterConsonant: 'ে',
      khandaTa: 'তে',
      apart: '-এ',
      other: '-তে',
    }),
  genitive: (name) =>
    banglaEnding(name, {
      afterAa: 'র',
      afterVowel: 'র',
      afterO: 'য়ের',
      afterConsonant: 'ের',
      khandaTa: 'তের',
      apart: '-এর',
      other: '-এর',
    }),
};

const AS_IT_IS: CaseEndings = { locative: (name) => name, genitive: (name) => name };

const CASE_ENDINGS: Record<Locale, CaseEndings> = { en: AS_IT_IS, bn: BANGLA };

/** "ঢাকায়", "মিরপুর, ঢাকায়", "পল্লবীতে" in Bangla: the locative of a name (the last word of a list of names). */
export function locative(name: string, locale: Locale): string {
  return CASE_ENDINGS[locale].locative(name);
}

/** "গৃহকর্মীর", "ফ্ল্যাটের" in Bangla: the genitive of a name. */
export function genitive(name: string, locale: Locale): string {
  return CASE_ENDINGS[locale].genitive(name);
}
