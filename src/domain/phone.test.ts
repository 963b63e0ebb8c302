import mobileMetadata from 'libphonenumber-js/metadata.mobile.json';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { bdPhoneField } from './fields';
import { normaliseBdPhone } from './phone';
import { displayPhone, readablePhone, telHref, whatsAppHref } from './phone-links';
import { BD_PHONE_METADATA } from './phone-metadata';

describe('normaliseBdPhone', () => {
  it('turns each usual way of typing a Bangladesh mobile number into +880 1XXX-XXXXXX', () => {
    for (const typed of [
      '01712345678',
      '+8801712345678',
      '8801712345678',
      '+880 1712-345678',
      '+880 1712 345678',
      '0171-2345678',
      '017 1234 5678',
      '(017) 12-345-678',
      '0088 01712345678',
      ' 01712.345.678 ',
    ]) {
      expect(normaliseBdPhone(typed), typed).toBe('+880 1712-345678');
    }
  });

  it('reads Bangla digits, alone or mixed with Latin ones', () => {
    expect(normaliseBdPhone('০১৭১২৩৪৫৬৭৮')).toBe('+880 1712-345678');
    expect(normaliseBdPhone('+৮৮০ ১৭১১-০০০০০০')).toBe('+880 1711-000000');
    expect(normaliseBdPhone('০১৯১২-345678')).toBe('+880 1912-345678');
  });

  it('takes every operator prefix (013 to 019) and refuses what is not a BD mobile number', () => {
    for (const prefix of ['013', '014', '015', '016', '017', '018', '019']) {
      expect(normaliseBdPhone(`${prefix}11000000`)).toBe(`+880 ${prefix.slice(1)}11-000000`);
    }
    for (const wrong of [
      '029551234', // a Dhaka landline
      '01212345678', // no such operator
      '0171234567', // a digit short
      '017123456789', // a digit too many
      '+14155552671', // another country
      '+44 20 7946 0958',
      'call me',
      '017-CALL-ME',
      '',
      '1'.repeat(40),
    ]) {
      expect(normaliseBdPhone(wrong), wrong).toBeUndefined();
    }
  });

  it('makes tel: and wa.me links from the number', () => {
    expect(telHref('+880 1712-345678')).toBe('tel:+8801712345678');
    expect(telHref('০১৭১২৩৪৫৬৭৮')).toBe('tel:+8801712345678');
    // A number stored before numbers had one form still dials as it was written.
    expect(telHref('(02) 955-1234')).toBe('tel:029551234');
    expect(whatsAppHref('+880 1712-345678', 'Hello & welcome: flat?')).toBe(
      'https://wa.me/8801712345678?text=Hello%20%26%20welcome%3A%20flat%3F',
    );
    expect(whatsAppHref('(02) 955-1234', 'Hi')).toBeUndefined();
  });

  it('shows a number in its one form, in the page’s digits', () => {
    expect(readablePhone('01712345678', 'bn')).toBe('+৮৮০ ১৭১২-৩৪৫৬৭৮');
    expect(readablePhone('০১৭১২৩৪৫৬৭৮', 'en')).toBe('+880 1712-345678');
    expect(readablePhone('(02) 955-1234', 'bn')).toBe('(০২) ৯৫৫-১২৩৪');
  });

  it('shows and links every number the way the validating normaliser reads it', () => {
    for (const typed of [
      '01712345678',
      '+880 1712 345678',
      '০১৭১২-৩৪৫৬৭৮',
      '0088 01911000000',
      '029551234',
      '01212345678',
      '+14155552671',
      'call me',
    ]) {
      expect(displayPhone(typed), typed).toBe(normaliseBdPhone(typed) ?? typed);
      const digits = normaliseBdPhone(typed)?.replace(/\D/g, '');
      expect(whatsAppHref(typed, 'x'), typed).toBe(digits ? `https://wa.me/${digits}?text=x` : undefined);
    }
  });

  it('carries the installed package’s own metadata for Bangladesh', () => {
    const shipped = mobileMetadata as { version: number; countries: Record<string, unknown> };
    expect(BD_PHONE_METADATA.version).toBe(shipped.version);
    expect(BD_PHONE_METADATA.countries.BD).toEqual(shipped.countries.BD);
  });
});

describe('bdPhoneField', () => {
  const field = bdPhoneField('Phone is required');
  const messageOf = (value: string) => {
    const result = v.safeParse(field, value);
    return result.success ? undefined : result.issues[0].message;
  };

  it('stores the one form, from Latin or Bangla digits', () => {
    expect(v.parse(field, '01712345678')).toBe('+880 1712-345678');
    expect(v.parse(field, '০১৭১২ ৩৪৫৬৭৮')).toBe('+880 1712-345678');
  });

  it('keeps the spec’s messages for an empty or mistyped number and says what is wanted otherwise', () => {
    overwriteGetLocale(() => 'en');
    expect(messageOf('')).toBe('Phone is required');
    expect(messageOf('call me')).toBe('Please enter a valid phone number');
    expect(messageOf('+44 20 7946 0958')).toBe('Enter a Bangladesh mobile number, like 01712-345678');
    overwriteGetLocale(() => 'bn');
    expect(messageOf('029551234')).toBe('বাংলাদেশের মোবাইল নম্বর লিখুন, যেমন ০১৭১২-৩৪৫৬৭৮');
    overwriteGetLocale(() => 'en');
  });
});
