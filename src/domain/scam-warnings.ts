import { findContacts } from './contact-masking';
import { searchKey } from './search-text';

/**
 * Scams called out (issue 42, point 5). Bangladesh's rental scams ask for money before the flat is seen: an
 * advance or booking fee, sent by bKash, Nagad or Rocket, or paid through a link. A message that asks for any of
 * these carries warnings for its reader, who is then told in their language never to pay before seeing the home.
 * The server decides when they apply (before a visit or an accepted request); this module only reads the text.
 *
 * Messages are read in English, Bangla and romanised Bangla ("advance den", "bikash e taka pathan"). The text is
 * first brought to the search's one form (./search-text.ts: lower case, Latin digits, the Bangla letters written
 * for each other folded, words split by single spaces), and each phrase is looked for at the start of a word, so
 * Bangla case endings ("বিকাশে", "অগ্রিমের") and English plurals match too.
 *
 * Words that are also everyday words need a second sign in the message before they count: "বিকাশ"/"Bikash" is a
 * man's name, "নগদ" means cash ("ভাড়া নগদে দিতে হবে" asks for nothing unusual), and "rocket" is a word. They
 * count with words about sending money or a number or account to send it to (and, for bKash and Rocket, taka).
 * A warning is a nudge, not a verdict: it may come on a harmless message, but must come on the scams' phrases.
 */

export const SCAM_WARNINGS = ['advance-payment', 'mobile-payment', 'payment-link'] as const;
export type ScamWarning = (typeof SCAM_WARNINGS)[number];

/**
 * Each phrase as a regular expression over the search form, Latin written as a pattern (for misspellings),
 * Bangla written plainly (brought to the search form when the patterns are built, and spaces made optional).
 */
interface Phrases {
  readonly latin: readonly string[];
  readonly bangla: readonly string[];
}

const MONEY_WORDS = '(?:money|mony|mani|fee|fees|charge|amount|taka|tk)';

const ADVANCE: Phrases = {
  latin: [
    'ad+v[ae]?n[cs](?!e?d)', // advance, advanse, advence, advnc; not advanced
    'adv(?: |$)',
    `booking ?${MONEY_WORDS}`,
    `token ?${MONEY_WORDS}`,
    'd[ei]p[oa]s[ie]t', // deposit, diposit
    '[ao]+grim', // অগ্রিম: agrim, ogrim
    '(?:pay|payment) (?:first|before|age|aage)',
    'a+ge (?:taka|payment|pay)',
  ],
  bangla: [
    'অগ্রিম',
    'আগাম',
    'এডভান্স',
    'অ্যাডভান্স',
    'এ্যাডভান্স',
    'অ্যাডভান্স',
    'এডভেন্স',
    'বুকিং মানি',
    'বুকিং ফি',
    'বুকিং চার্জ',
    'বুকিং টাকা',
    'বুকিংয়ের টাকা',
    'বুকিং এর টাকা',
    'টোকেন মানি',
    'জামানত',
    'ডিপোজিট',
    'আগে টাকা',
    'আগেই টাকা',
    'টাকা আগে',
  ],
};

/** Names of mobile wallets and their operations that mean nothing else. */
const MOBILE_PAYMENT: Phrases = {
  latin: [
    'b ?kash',
    'bkas(?: |$)',
    'send ?(?:money|mony|mani)',
    'cash ?out',
    'nagad',
    'upay',
    'sure ?cash',
    'mobile ?banking',
  ],
  bangla: ['সেন্ড মানি', 'সেন্ডমানি', 'ক্যাশ আউট', 'ক্যাশআউট', 'মোবাইল ব্যাংকিং'],
};

/** Wallet names that are also a name or a word (see the module's comment). */
const WALLET_WORDS: Phrases = {
  latin: ['bikash', 'bikas(?: |$)', 'rocket', 'roket', 'nogod'],
  bangla: ['বিকাশ', 'রকেট', 'নগদ'],
};

/** Signs that money is to be sent: with these, a wallet word is the wallet. */
const SENDING: Phrases = {
  latin: [
    'send',
    'pathan',
    'pathao',
    'pathiye',
    'pathaben',
    'pathay',
    'number',
    'nambar',
    'nmbr',
    'num(?: |$)',
    'account',
    'acc(?: |$)',
    'ac(?: |$)',
    'personal',
    'agent',
    'pay',
    'transfer',
  ],
  bangla: ['পাঠা', 'পাঠি', 'নম্বর', 'নাম্বার', 'একাউন্ট', 'অ্যাকাউন্ট', 'পার্সোনাল', 'এজেন্ট', 'পেমেন্ট', 'ট্রান্সফার', 'সেন্ড'],
};

/** Taka, which with "বিকাশ" or "rocket" means the wallet, but with "নগদ" means cash. */
const TAKA: Phrases = { latin: ['taka', 'tk(?: |$)'], bangla: ['টাকা'] };

/** Talk of a payment link, whether or not the link itself is in the message (it may be masked or sent later). */
const PAYMENT_LINK: Phrases = {
  latin: ['pay(?:ment)? ?link', 'link (?:e |a )?pay'],
  bangla: ['পেমেন্ট লিংক', 'পেমেন্ট লিঙ্ক', 'পেমেন্টের লিংক', 'পে লিংক', 'লিংকে পেমেন্ট', 'লিংকে টাকা', 'লিঙ্কে টাকা'],
};

/** What in a link's address shows it takes payments. */
const PAYMENT_ADDRESS =
  /pay|checkout|check-out|bkash|nagad|rocket|invoice|billing|wallet|sslcommerz|shurjopay|aamarpay|stripe|paypal/i;

/** "Into" after a wallet's name, glued ("বিকাশে", "bikashe") or as its own word ("bikash e", "বিকাশ এ"). */
const INTO = /^(?:\u09c7|তে|e|te)(?: |$)|^ (?:e|a|এ|te|তে)(?: |$)/u;

const ESCAPE = /[.*+?^${}()|[\]\\]/g;

/** One pattern for a set of phrases, each at the start of a word of the search form. */
function phrasesPattern(phrases: Phrases, flags = 'u'): RegExp {
  const bangla = phrases.bangla.map((phrase) => searchKey(phrase).replace(ESCAPE, '\\$&').split(' ').join(' ?'));
  return new RegExp(`(?:^| )(?:${[...phrases.latin, ...bangla].join('|')})`, flags);
}

const ADVANCE_PATTERN = phrasesPattern(ADVANCE);
const MOBILE_PAYMENT_PATTERN = phrasesPattern(MOBILE_PAYMENT);
const WALLET_PATTERN = phrasesPattern(WALLET_WORDS, 'gu');
const SENDING_PATTERN = phrasesPattern(SENDING);
const TAKA_PATTERN = phrasesPattern(TAKA);
const PAYMENT_LINK_PATTERN = phrasesPattern(PAYMENT_LINK);
const CASH_WORDS = new Set([searchKey('নগদ'), 'nogod']);
/** A run of digits long enough to be a number to send money to (written in the search form: Latin, spaced). */
const WALLET_NUMBER = /(?:\d ?){10}/;

/** The warnings a message's text calls for, each once, in SCAM_WARNINGS' order; none for plain talk. */
export function scamWarnings(text: string): ScamWarning[] {
  const key = searchKey(text);
  const warnings = new Set<ScamWarning>();
  if (ADVANCE_PATTERN.test(key)) warnings.add('advance-payment');
  if (MOBILE_PAYMENT_PATTERN.test(key) || mentionsWallet(key)) warnings.add('mobile-payment');
  if (PAYMENT_LINK_PATTERN.test(key) || hasPaymentAddress(text)) warnings.add('payment-link');
  return SCAM_WARNINGS.filter((warning) => warnings.has(warning));
}

/** A wallet word ("বিকাশ", "rocket", "নগদ") with a sign in the message that money is to be sent through it. */
function mentionsWallet(key: string): boolean {
  const wallets = [...key.matchAll(WALLET_PATTERN)];
  if (wallets.length === 0) return false;
  if (SENDING_PATTERN.test(key) || WALLET_NUMBER.test(key)) return true;
  return wallets.some((wallet) => {
    if (CASH_WORDS.has(wallet[0].trim())) return false;
    const after = key.slice(wallet.index + wallet[0].length);
    return TAKA_PATTERN.test(key) || INTO.test(after);
  });
}

function hasPaymentAddress(text: string): boolean {
  return findContacts(text).some(
    (contact) => contact.kind === 'link' && PAYMENT_ADDRESS.test(text.slice(contact.start, contact.end)),
  );
}
