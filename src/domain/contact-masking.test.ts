import { describe, expect, it } from 'vitest';
import { toLatinDigits } from '@/i18n/digits';
import { CONTACT_MASK, findContacts, maskContacts } from './contact-masking';

/** What a reader could still make out: letters and digits only, Latin digits, lower case. */
function readable(text: string): string {
  return toLatinDigits(text.normalize('NFKC'))
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Six digits in a row once spaces and marks are gone, in any script. */
const SIX_DIGITS = /\p{Nd}{6}/u;

describe('maskContacts: phone numbers, e-mail addresses and links are hidden', () => {
  it.each<[string, string]>([
    // Phone numbers in digits, every way they are written.
    ['call 01712345678', '345678'],
    ['০১৭১২৩৪৫৬৭৮', '345678'],
    ['+880 1712-345678', '345678'],
    ['+৮৮০ ১৭১২ ৩৪৫৬৭৮', '345678'],
    ['8801712345678', '345678'],
    ['00880 1712 345678', '345678'],
    ['017 1234 5678', '12345678'],
    ['০১৭ ১২৩ ৪৫৬ ৭৮', '12345678'],
    ['0 1 7 1 2 3 4 5 6 7 8', '12345678'],
    ['017.123.45678', '12345678'],
    ['017-12-34-56-78', '12345678'],
    ['(017) 123-45678', '12345678'],
    ['০১৭১২-৩৪৫৬৭৮', '345678'],
    ['01৭১2৩45৬৭8', '345678'],
    ['নম্বর: ০১৭১২ ৩৪৫ ৬৭৮', '345678'],
    ['my no is 1712345678', '345678'],
    ['O17l2345678', '2345678'],
    ['ｃall ０１７１２３４５６７８', '345678'],
    ['phone 𝟎𝟏𝟕𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖', '345678'],
    ['Dhaka office 02-9123456', '9123456'],
    ['call 017-1234-5678 after 5pm, or 9876543', '9876543'],
    ['০১৭১২৩৪৫৬৭৮। ফোন দিয়েন', '345678'],
    // Spread over short runs with words or odd marks between them.
    ['017 is the start, then 1234 and 5678', '5678'],
    ['০১৭ দিয়ে শুরু, তারপর ১২৩৪, শেষে ৫৬৭৮', '5678'],
    ['017:1234:5678', '12345678'],
    ['rent 15000. 017 12345678', '12345678'],
    // Said in words, English, Bangla, romanised Bangla, and mixed with digits.
    ['zero one seven one two three four five six seven eight', 'fivesixseveneight'],
    ['zero one seven, one two three, four five six, seven eight', 'fivesix'],
    ['শূন্য এক সাত এক দুই তিন চার পাঁচ ছয় সাত আট', 'পাঁচছয়'],
    ['ফোন দিন শূন্য এক সাত, এক দুই তিন, চার পাঁচ ছয়, সাত আট', 'চারপাঁচ'],
    ['ek shunno sat ek dui tin char pach choy sat aat', 'pachchoy'],
    ['017 one two three four five six seven eight', 'fivesix'],
    ['double zero eight eight zero one seven one two three four five six seven eight', 'fivesix'],
    // Links.
    ['wa.me/8801712345678', 'wame'],
    ['https://wa.me/8801712345678', '345678'],
    ['whatsapp://send?phone=8801712345678', '345678'],
    ['join t.me/rahimflat', 'rahimflat'],
    ['m.me/rahim.karim', 'rahimkarim'],
    ['see example.com.', 'example'],
    ['bit.ly/abc123', 'abc123'],
    ['goo.gl/maps/xyz', 'maps'],
    ['visit facebook.com/rahim.flats today', 'rahimflats'],
    ['www.flats.com.bd/x', 'flats'],
    ['tinyurl . com', 'tinyurl'],
    ['ｗa.me/８８０１৭১২৩৪৫৬৭৮', '345678'],
    ['ছবি দেখুন bashabari.xyz এ', 'bashabari'],
    // E-mail addresses, written plainly or in words.
    ['mail rahim.karim@gmail.com', 'rahimkarim'],
    ['rahim@gmail', 'rahim'],
    ['rahim @ gmail . com', 'rahim'],
    ['rahim at gmail dot com', 'rahim'],
    ['rahim at yahoo', 'rahim'],
    ['rahim(at)gmail(dot)com', 'rahim'],
    ['rahim[at]gmail[dot]com', 'rahim'],
    ['আমার মেইল rahim এট gmail ডট com', 'rahim'],
    ['my telegram @rahim_flat', 'rahimflat'],
  ])('%s', (message, secret) => {
    const masked = maskContacts(message).text;
    expect(masked).toContain(CONTACT_MASK);
    expect(readable(masked)).not.toContain(readable(secret));
    expect(readable(masked)).not.toMatch(SIX_DIGITS);
  });
});

describe('maskContacts: what a real Basha message holds is left alone', () => {
  it.each<string>([
    '৳15000',
    '৳১৫,০০০ per month',
    '15,000 taka',
    '১৫০০০ টাকা',
    '১,২০,০০০ টাকা, ১,২০,০০০ নয়',
    '১,২০,০০,০০০ টাকা',
    '1500000 taka',
    'my budget is 15000-20000',
    '10,000 - 12,000 tk',
    'rent 15000, 12000 or 10000 depending on the floor',
    '12/12/2026',
    'from 12.12.2026 to 12.01.2027',
    '2026-12-07',
    '১২ ডিসেম্বর',
    '10:30',
    'Call me at 10:30-11:30',
    'House 12, Road 5, Block C, Mirpur 10',
    'বাড়ি ১২, রোড ৫, মিরপুর ১০',
    '4th floor, 3 beds, 2 baths',
    '৪র্থ তলা, ৩ রুম',
    '1200 sqft',
    '১২০০ স্কয়ার ফিট',
    'I am at home. Me too',
    'Road no.5, 4.5 km from the bus stand',
    'flat 3, 4 and 5 are free from 2025-2026',
    'I will pay 15000 on 01/12',
    'এটা ভাড়া নয়, এক মাসের অগ্রিম',
    'can I see the flat on Friday at 5?',
    'e.g. gas, water, lift',
    'postcode 1216',
  ])('%s', (message) => {
    expect(maskContacts(message)).toEqual({ text: message, hidden: [] });
  });
});

describe('maskContacts: the masked text', () => {
  it('puts one mask for each contact, whatever its length, and says where each mask stands and of what kind', () => {
    const message = 'call 017 1234 5678 or write to rahim@gmail.com, or see wa.me/8801712345678';
    const { text, hidden } = maskContacts(message);
    expect(text).toBe(`call ${CONTACT_MASK} or write to ${CONTACT_MASK}, or see ${CONTACT_MASK}`);
    expect(hidden.map((range) => range.kind)).toEqual(['phone', 'email', 'link']);
    for (const range of hidden) expect(text.slice(range.start, range.end)).toBe(CONTACT_MASK);
  });

  it('finds contacts at their place in the original text', () => {
    const message = 'নম্বর ০১৭১২৩৪৫৬৭৮ দিলাম';
    expect(findContacts(message)).toEqual([{ kind: 'phone', start: 6, end: 17 }]);
  });

  it('changes nothing when masked again', () => {
    const messages = [
      'call 01712345678 or rahim at gmail dot com',
      '017 is the start, then 1234 and 5678',
      'zero one seven, one two three, four five six, seven eight',
      'https://wa.me/8801712345678 and bit.ly/x',
      '১৫০০০ টাকা, House 12, Road 5',
    ];
    for (const message of messages) {
      const once = maskContacts(message).text;
      expect(maskContacts(once).text).toBe(once);
    }
  });
});

describe('maskContacts: long and hostile messages', () => {
  // Every step walks the message's tokens forward; no regular expression runs over the whole text. These inputs
  // are the shapes that make backtracking patterns blow up (long runs of one class with a near miss at the end).
  const inputs: [string, string][] = [
    ['2,000 digits', '0'.repeat(2000)],
    ['2,000 Bangla digits split by spaces', '১ '.repeat(1000)],
    ['2,000 characters of emoji', '😀'.repeat(1000)],
    ['mixed scripts', 'বাসা flat ১২ 12 😀 '.repeat(120).slice(0, 2000)],
    ['an endless local part', `${'a'.repeat(1999)}@`],
    ['an endless dotted name without an ending', `${'a.'.repeat(999)}x`],
    ['an endless run of at-words', 'a at '.repeat(400)],
    ['dots and spaces', ' . '.repeat(666)],
    ['digit words without end', 'one '.repeat(500)],
    ['digits with a mark after each', '1-'.repeat(1000)],
  ];

  it.each(inputs)('%s: masked without throwing, and masked again the same', (_name, message) => {
    const once = maskContacts(message).text;
    expect(maskContacts(once).text).toBe(once);
    expect(readable(once)).not.toMatch(SIX_DIGITS);
  });
});
