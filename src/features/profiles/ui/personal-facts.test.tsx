import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PublicProfile, UserRecord } from '@/domain/user';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { CATEGORY_NAMES, nameOf, STATUS_NAMES } from './display-names';
import { longDate, monthYear, PersonalFacts } from './personal-facts';

const stranger: PublicProfile = {
  _id: 'u2',
  name: 'Karim',
  occupation: null,
  address: { city: 'Dhaka' },
  socialMedia: {},
  profileImage: null,
  isVerified: true,
  createdAt: '2025-08-31T20:00:00.000Z',
};

const self: UserRecord = {
  ...stranger,
  address: { street: '', city: 'Dhaka', postalCode: '1205' },
  email: 'karim@example.com',
  phoneNumber: '+880 1712 345678',
  gender: 'Male',
  nationality: 'Bangladeshi',
  dateOfBirth: '1990-08-15',
  status: 'active',
  language: 'en',
};

describe('a profile in Bangla', () => {
  beforeEach(() => overwriteGetLocale(() => 'bn'));
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('writes dates with Bangla month names and digits', () => {
    expect(longDate('1990-08-15')).toBe('১৫ আগস্ট ১৯৯০');
    expect(monthYear('2025-08-31T20:00:00.000Z')).toBe('আগস্ট ২০২৫');
    expect(longDate('not a date')).toBe('not a date');
  });

  it('names a person’s facts in Bangla, and leaves their data as they wrote it', () => {
    const html = renderToStaticMarkup(<PersonalFacts user={self} />);
    expect(html).toContain('<dt>জন্ম তারিখ</dt><dd>১৫ আগস্ট ১৯৯০</dd>');
    expect(html).toContain('<dt>লিঙ্গ</dt><dd>পুরুষ</dd>');
    expect(html).toContain('<dt>ঠিকানা</dt><dd>দেওয়া হয়নি</dd>');
    expect(html).toContain('<dd>karim@example.com</dd>');
    // A phone number is the one exception: it reads as on the call buttons, in its one form and Bangla digits.
    expect(html).toContain('<dt>ফোন</dt><dd>+৮৮০ ১৭১২-৩৪৫৬৭৮</dd>');
    // So is the postal code, in Bangla digits (issue 39).
    expect(html).toContain('<dd>১২০৫</dd>');
    expect(renderToStaticMarkup(<PersonalFacts user={stranger} />)).toContain('<dt>সদস্য হয়েছেন</dt><dd>আগস্ট ২০২৫</dd>');
  });

  it('names categories and service states in Bangla', () => {
    expect(nameOf(CATEGORY_NAMES, 'Home Shifter')).toBe('বাসা বদল');
    expect(nameOf(STATUS_NAMES, 'inactive')).toBe('নিষ্ক্রিয়');
    expect(nameOf(CATEGORY_NAMES, 'constructor')).toBe('constructor');
  });

  it('keeps the English of before on English pages', () => {
    overwriteGetLocale(() => 'en');
    expect(longDate('1990-08-15')).toBe('15 August 1990');
    expect(monthYear('2025-08-31T20:00:00.000Z')).toBe('August 2025');
    const html = renderToStaticMarkup(<PersonalFacts user={self} />);
    expect(html).toContain('<dt>Date of Birth</dt><dd>15 August 1990</dd>');
    expect(html).toContain('<dt>Gender</dt><dd>Male</dd>');
    expect(html).toContain('<dd>+880 1712-345678</dd>');
    expect(html).toContain('<dd>1205</dd>');
    expect(nameOf(CATEGORY_NAMES, 'IT Provider')).toBe('IT Provider');
  });
});

describe('one’s own phone number (issue 40)', () => {
  it('says when an SMS code proved it', () => {
    expect(renderToStaticMarkup(<PersonalFacts user={{ ...self, phoneVerified: true }} />)).toContain(
      '+880 1712-345678 (verified)',
    );
    expect(renderToStaticMarkup(<PersonalFacts user={self} />)).not.toContain('(verified)');
  });
});
