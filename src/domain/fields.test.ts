import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { emailField, HIDDEN_CHARACTER_MESSAGE, labelText, nameText, phoneField, RESERVED_NAME_MESSAGE } from './fields';

const name = nameText('Full name is required', 60);
const label = labelText('Subject is required', 60);
const messageOf = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).issues?.[0]?.message;

describe('a name', () => {
  it('keeps an ordinary name in English or Bangla', () => {
    expect(v.parse(name, '  Ayesha Rahman ')).toBe('Ayesha Rahman');
    expect(v.parse(name, 'আয়েশা রহমান')).toBe('আয়েশা রহমান');
  });

  it('keeps the joiners that Bangla spellings need between letters', () => {
    expect(v.parse(name, 'র\u200d্যাব')).toBe('র\u200d্যাব');
  });

  it('refuses a name made only of zero-width characters', () => {
    expect(messageOf(name, '\u200b\u200b')).toBe(HIDDEN_CHARACTER_MESSAGE());
    expect(messageOf(name, '\u200d\u200c')).toBe('Full name is required');
    expect(messageOf(name, '\ufeff')).toBe('Full name is required'); // trimmed away like a space
  });

  it('refuses bidi overrides and isolates that reorder how a name reads', () => {
    expect(messageOf(name, 'Basha \u202eTroppus')).toBe(HIDDEN_CHARACTER_MESSAGE());
    expect(messageOf(name, 'Karim \u2066Uddin\u2069')).toBe(HIDDEN_CHARACTER_MESSAGE());
    expect(messageOf(name, 'Nusrat\u200fJahan')).toBe(HIDDEN_CHARACTER_MESSAGE());
  });

  it('refuses a name without any letter', () => {
    expect(messageOf(name, '12345')).toBe('Full name is required');
  });

  // Issue 38, point 7: letters that draw nothing, and names that read as Basha or its moderators.
  it.each([
    ['Hangul fillers only', '\u3164\u115f\u1160\uffa0', HIDDEN_CHARACTER_MESSAGE()],
    ['one Hangul filler', '\u3164', HIDDEN_CHARACTER_MESSAGE()],
    ['a Hangul filler posing as a space', 'Karim\u3164Uddin', HIDDEN_CHARACTER_MESSAGE()],
    ['a combining grapheme joiner', 'Kari\u034fm', HIDDEN_CHARACTER_MESSAGE()],
    ['a Mongolian variation selector', 'Ayesha\u180b', HIDDEN_CHARACTER_MESSAGE()],
    ['Basha Support with a Cyrillic о', 'Basha Supp\u043ert', RESERVED_NAME_MESSAGE()],
    ['Basha in Cyrillic and Greek letters', '\u0412\u0430sh\u03b1', RESERVED_NAME_MESSAGE()],
    ['Basha Support, plainly', 'Basha Support', RESERVED_NAME_MESSAGE()],
    ['Basha in capitals', 'BASHA TEAM', RESERVED_NAME_MESSAGE()],
    ['Basha run together with another word', 'BashaSupport', RESERVED_NAME_MESSAGE()],
    ['Basha spaced out', 'B a s h a', RESERVED_NAME_MESSAGE()],
    ['Basha with accents', 'B\u00e4sh\u00e1 Help', RESERVED_NAME_MESSAGE()],
    ['Basha in full-width letters', '\uff22\uff41\uff53\uff48\uff41', RESERVED_NAME_MESSAGE()],
    ['Basha with a joiner inside', 'Bas\u200dha', RESERVED_NAME_MESSAGE()],
    ['moderator with Cyrillic о', 'M\u043ederat\u043er', RESERVED_NAME_MESSAGE()],
    ['moderator with zeros', 'M0DERAT0R', RESERVED_NAME_MESSAGE()],
    ['moderator with rn for m', 'rnoderator', RESERVED_NAME_MESSAGE()],
    ['moderator after a name', 'Karim (Moderator)', RESERVED_NAME_MESSAGE()],
    ['Basha in Bangla', '\u09ac\u09be\u09b8\u09be \u099f\u09bf\u09ae', RESERVED_NAME_MESSAGE()],
    ['moderator in Bangla', '\u09ae\u09a1\u09be\u09b0\u09c7\u099f\u09b0', RESERVED_NAME_MESSAGE()],
  ])('refuses %s', (_label, value, message) => {
    expect(messageOf(name, value)).toBe(message);
  });

  it.each([
    ['a name that starts like Basha', 'Abul Bashar'],
    ['a Bangla name near বাসা', '\u09ac\u09b8\u09c1'], // বসু
    ['a Bangla word holding বাসা', '\u09ad\u09be\u09b2\u09cb\u09ac\u09be\u09b8\u09be'], // ভালোবাসা
    ['a Bangla name with a ZWNJ', '\u0995\u09cd\u200c\u09b7\u09ae\u09be'],
    ['a Bangla name with a ZWJ', 'র\u200d্যাব'],
    ['a name with an emoji and its variation selector', 'Nusrat \u2764\ufe0f'],
    ['a name with accents', 'Zo\u00eb Mahm\u00fad'],
    ['a Cyrillic name', '\u041e\u043b\u044c\u0433\u0430'],
    ['a Korean name', '\uae40\ubbfc\uc900'],
  ])('keeps %s', (_label, value) => {
    expect(v.parse(name, value)).toBe(value);
  });
});

describe('a label', () => {
  it('keeps a subject with digits and refuses hidden characters', () => {
    expect(v.parse(label, 'Flat 4B is taken')).toBe('Flat 4B is taken');
    expect(messageOf(label, 'Re\u00adfund')).toBe(HIDDEN_CHARACTER_MESSAGE());
    expect(messageOf(label, '...')).toBe('Subject is required');
  });
});

describe('in Bangla', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('says a shared rule in the language of the moment, and a feature message given as a function too', () => {
    const email = emailField(() => 'Email is required');
    overwriteGetLocale(() => 'bn');
    expect(messageOf(email, 'not-an-email')).toBe('সঠিক ইমেইল ঠিকানা লিখুন');
    expect(messageOf(name, 'Nusrat\u200fJahan')).toBe('অদৃশ্য বা লেখার দিক বদলানো অক্ষরগুলো মুছে দিন');
    overwriteGetLocale(() => 'en');
    expect(messageOf(email, 'not-an-email')).toBe('Please enter a valid email address');
    expect(messageOf(email, '')).toBe('Email is required');
  });

  it('takes a phone number typed in Bangla digits as the same number in Latin digits', () => {
    const phone = phoneField('Phone is required');
    expect(v.parse(phone, '০১৭১২ ৩৪৫৬৭৮')).toBe('01712 345678');
    expect(v.parse(phone, '+880 1712-345678')).toBe('+880 1712-345678');
    expect(messageOf(phone, 'call me')).toBe('Please enter a valid phone number');
  });
});
