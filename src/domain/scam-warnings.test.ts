import { describe, expect, it } from 'vitest';
import { scamWarnings, type ScamWarning } from './scam-warnings';

describe('scamWarnings: a message that asks for money before a visit is called out', () => {
  it.each<[string, ScamWarning[]]>([
    // An advance, a booking fee, token money, a deposit.
    ['Please send 5000 advance to confirm the flat', ['advance-payment']],
    ['ADVANCE payment needed today', ['advance-payment']],
    ['advanse den, tahole flat rakhbo', ['advance-payment']],
    ['adv 2 month lagbe', ['advance-payment']],
    ['booking money 3000, then you can visit', ['advance-payment']],
    ['Booking fee is 2000 tk', ['advance-payment']],
    ['token mani dile bashata apnar', ['advance-payment']],
    ['security deposit first please', ['advance-payment']],
    ['ogrim diben, tarpor chabi', ['advance-payment']],
    ['pay first, then I will show the flat', ['advance-payment']],
    ['অগ্রিম ২ মাসের ভাড়া দিতে হবে', ['advance-payment']],
    ['অগ্রিমের টাকা আজকেই লাগবে', ['advance-payment']],
    ['এডভান্স দিয়ে বুকিং করুন', ['advance-payment']],
    ['অ্যাডভান্স না দিলে অন্যকে দিয়ে দেব', ['advance-payment']],
    ['বুকিং মানি ৫০০০ টাকা', ['advance-payment']],
    ['বুকিং ফি দিতে হবে', ['advance-payment']],
    ['টোকেন মানি দিলে বাসা রাখব', ['advance-payment']],
    ['আগে টাকা, পরে বাসা দেখাব', ['advance-payment']],
    // bKash, Nagad, Rocket, sending money.
    ['bkash number: 01712345678', ['mobile-payment']],
    ['b-kash personal', ['mobile-payment']],
    ['bikash e taka pathan', ['mobile-payment']],
    ['Nagad e pathan', ['mobile-payment']],
    ['rocket number dicchi, okhane pathaben', ['mobile-payment']],
    ['send money korben, cash out charge soho', ['mobile-payment']],
    ['বিকাশে টাকা পাঠান', ['mobile-payment']],
    ['বিকাশ নম্বর ০১৭১২৩৪৫৬৭৮', ['mobile-payment']],
    ['নগদে পাঠিয়ে দিন', ['mobile-payment']],
    ['রকেট নম্বর দিচ্ছি', ['mobile-payment']],
    ['সেন্ড মানি করবেন, ক্যাশ আউট নয়', ['mobile-payment']],
    ['ক্যাশআউট চার্জ সহ দিবেন', ['mobile-payment']],
    // Payment links, and talk of them.
    ['pay here: https://pay.example.com/x', ['payment-link']],
    ['shop.example.com/checkout?id=9', ['payment-link']],
    ['payment link dicchi, okhane pay korun', ['payment-link']],
    ['পেমেন্ট লিংক পাঠাচ্ছি', ['payment-link']],
    // Several at once, each once, in one order.
    ['token money 2000 bkash korun', ['advance-payment', 'mobile-payment']],
    ['Advance 5000 bKash e pathan: bkash.com/pay/123', ['advance-payment', 'mobile-payment', 'payment-link']],
    ['অগ্রিম ৫০০০ টাকা বিকাশে পাঠান, অগ্রিম না দিলে হবে না', ['advance-payment', 'mobile-payment']],
  ])('%s', (message, warnings) => {
    expect(scamWarnings(message)).toEqual(warnings);
  });
});

describe('scamWarnings: plain talk about a home is not', () => {
  it.each<string>([
    'the rent is 15000, paid monthly',
    'ভাড়া মাসে ১৫০০০ টাকা',
    'can I see the flat on Friday?',
    'ভাড়া নগদে দিতে হবে',
    'Rent is paid in cash at the start of the month',
    'নগদ টাকায় ভাড়া দিবেন',
    'আমার নাম বিকাশ, আমি বাড়ির মালিক',
    'বিকাশের সাথে কথা বলুন, উনি কেয়ারটেকার',
    'I am Bikash, the owner',
    'The advanced search found your flat',
    'rocket science it is not: 2 rooms, 1 bath',
    'gas, water and lift included',
    'কবে বাসা দেখতে আসতে পারি?',
    'House 12, Road 5, Mirpur 10',
    'I will bring my family on Saturday',
    'Is the price negotiable?',
    'ভাড়া কি একটু কমানো যাবে?',
    'The link to the listing is in my profile',
    'see example.com for photos',
    'The book is on the table, pay attention to the stairs',
  ])('%s', (message) => {
    expect(scamWarnings(message)).toEqual([]);
  });
});
