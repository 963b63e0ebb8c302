import { describe, expect, it } from 'vitest';
import { genitive, locative } from './case-endings';

describe('Bangla case endings', () => {
  it.each([
    ['ঢাকা', 'ঢাকায়'],
    ['উত্তরা', 'উত্তরায়'],
    ['নওগাঁ', 'নওগাঁয়'],
    ['পল্লবী', 'পল্লবীতে'],
    ['ধানমন্ডি', 'ধানমন্ডিতে'],
    ['মিরপুর', 'মিরপুরে'],
    ['গুলশান', 'গুলশানে'],
    ['চট্টগ্রাম', 'চট্টগ্রামে'],
    ['খিলগাঁও', 'খিলগাঁওয়ে'],
    ['মিরপুর, ঢাকা', 'মিরপুর, ঢাকায়'],
    ['মিরপুর ১০', 'মিরপুর ১০-এ'],
    ['রোড ৭ ', 'রোড ৭-এ'],
    ['Dhaka', 'Dhaka-তে'],
  ])('puts %s in the locative: %s', (name, form) => {
    expect(locative(name, 'bn')).toBe(form);
  });

  it.each([
    ['গৃহকর্মী', 'গৃহকর্মীর'],
    ['ফ্ল্যাট', 'ফ্ল্যাটের'],
    ['অফিস', 'অফিসের'],
    ['রংমিস্ত্রি', 'রংমিস্ত্রির'],
    ['আইটি সেবা', 'আইটি সেবার'],
    ['বাসা বদল', 'বাসা বদলের'],
    ['ইলেকট্রিশিয়ান', 'ইলেকট্রিশিয়ানের'],
    ['খিলগাঁও', 'খিলগাঁওয়ের'],
    ['শপিং', 'শপিং-এর'],
    ['Rahim', 'Rahim-এর'],
  ])('puts %s in the genitive: %s', (name, form) => {
    expect(genitive(name, 'bn')).toBe(form);
  });

  it('leaves names as they are in English, where "in" and "of" are words of the message', () => {
    expect(locative('Mirpur, Dhaka', 'en')).toBe('Mirpur, Dhaka');
    expect(genitive('Maid', 'en')).toBe('Maid');
  });

  it('leaves an empty name empty', () => {
    expect(locative('', 'bn')).toBe('');
    expect(genitive(' ', 'bn')).toBe('');
  });
});
