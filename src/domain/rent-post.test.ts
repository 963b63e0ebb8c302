import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { bundledPlaceIndex, placeSummary } from './places/place-tree';
import {
  rentAdCity,
  rentCategoryLabel,
  rentCategoryName,
  rentFrequencyLabel,
  rentPerFrequency,
  rentPostalCode,
  statusStyle,
} from './rent-post';
import { earliestTodayIso, newRentPostSchema, rentImageProblem, rentPostFieldsSchema } from './rent-post-form';

const photo = (n: number) => `/uploads/rent/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.webp`;

function validFields(): Record<string, unknown> {
  return {
    category: 'flat',
    cost: '15000',
    rentPaymentFrequency: 'monthly',
    rentStartDate: '2099-01-01',
    contactInfo: '+880 1711-234567',
    addressLine: 'House 12, Road 5, Dhanmondi',
    city: 'Dhaka',
    postalCode: '1205',
    details: 'A bright two-bedroom flat with a balcony, gas and a lift.',
  };
}

function messageFor(schema: v.GenericSchema, changes: Record<string, unknown>): string | undefined {
  const result = v.safeParse(schema, { ...validFields(), ...changes });
  return result.success ? undefined : result.issues[0]?.message;
}

describe('the add-rental fields', () => {
  it('accept a complete form and turn the cost into a number', () => {
    const result = v.parse(rentPostFieldsSchema, validFields());
    expect(result.cost).toBe(15000);
  });

  it.each([
    ['category', '', 'Please select a property category'],
    ['category', 'castle', 'Please select a property category'],
    ['cost', '', 'Rent amount is required'],
    ['cost', undefined, 'Rent amount is required'],
    ['cost', '0', 'Rent must be greater than 0'],
    ['cost', -5, 'Rent must be greater than 0'],
    ['cost', 'abc', 'Please write the amount in digits, like 18,000'],
    ['cost', '12abc', 'Please write the amount in digits, like 18,000'],
    ['cost', '1,2,3', 'Please check the commas: write it like 18,000 or 1,20,000'],
    ['cost', '18.000', 'Please check the commas: write it like 18,000 or 1,20,000'],
    ['cost', '12000.50', 'Rent must be a whole number of taka'],
    ['rentPaymentFrequency', '', 'Please select payment frequency'],
    ['rentPaymentFrequency', 'weekly', 'Please select payment frequency'],
    ['rentStartDate', '', 'Start date is required'],
    ['rentStartDate', '2001-01-01', 'Start date cannot be in the past'],
    ['contactInfo', '', 'Contact number is required'],
    ['contactInfo', 'call me', 'Please enter a valid phone number'],
    ['addressLine', '  ', 'Address is required'],
    ['city', '', 'City is required'],
    ['postalCode', '', 'Postal code is required'],
    ['postalCode', 'Dhaka', 'A postal code is 4 digits, like 1205'],
    ['postalCode', '12055', 'A postal code is 4 digits, like 1205'],
    ['details', '', 'Please describe your property'],
    ['details', 'Too short to describe a home.', 'Description should be at least 30 characters'],
  ])('refuse %s = %j with "%s"', (field, value, message) => {
    expect(messageFor(rentPostFieldsSchema, { [field]: value })).toBe(message);
  });

  it('accept a start date of today', () => {
    expect(messageFor(rentPostFieldsSchema, { rentStartDate: earliestTodayIso() })).toBeUndefined();
  });

  it('refuse dates that do not exist', () => {
    expect(messageFor(rentPostFieldsSchema, { rentStartDate: '2099-02-30' })).toBe(
      'Please enter a valid date (yyyy-MM-dd)',
    );
  });

  it('count details after trimming', () => {
    expect(messageFor(rentPostFieldsSchema, { details: `   ${'x'.repeat(29)}   ` })).toBe(
      'Description should be at least 30 characters',
    );
    expect(messageFor(rentPostFieldsSchema, { details: 'x'.repeat(30) })).toBeUndefined();
  });
});

describe('digits typed on a Bangla keyboard (issue 18)', () => {
  it('read a rent of ১২০০০ as 12000 and keep the phone and postal code in Latin digits', () => {
    const result = v.parse(rentPostFieldsSchema, {
      ...validFields(),
      cost: '১২০০০',
      contactInfo: '+৮৮০ ১৭১১-২৩৪৫৬৭',
      postalCode: '১২০৫',
    });
    expect(result.cost).toBe(12000);
    expect(result.contactInfo).toBe('+880 1711-234567');
    expect(result.postalCode).toBe('1205');
  });

  it.each([
    ['১৮,০০০', 18000],
    ['18,000', 18000],
    ['BDT 18,000', 18000],
    ['৳১,২০,০০০', 120000],
    ['18 000/-', 18000],
  ])('read a rent typed as %j as %d, as the app prints rents', (cost, value) => {
    expect(v.parse(rentPostFieldsSchema, { ...validFields(), cost }).cost).toBe(value);
  });

  it('keep a postal code typed with a space between its Bangla digits as its four digits', () => {
    expect(v.parse(rentPostFieldsSchema, { ...validFields(), postalCode: '১২ ০৫' }).postalCode).toBe('1205');
  });

  it('refuse a Bangla rent of nought as any other', () => {
    expect(messageFor(rentPostFieldsSchema, { cost: '০' })).toBe('Rent must be greater than 0');
  });
});

describe('in Bangla (issue 18)', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('the rules answer in Bangla, with Bangla digits', () => {
    overwriteGetLocale(() => 'bn');
    expect(messageFor(rentPostFieldsSchema, { cost: '' })).toBe('ভাড়ার পরিমাণ লিখুন');
    expect(messageFor(rentPostFieldsSchema, { details: 'ছোট বিবরণ' })).toBe('বিবরণ অন্তত ৩০ অক্ষরের হতে হবে');
    expect(messageFor(newRentPostSchema, { imageUrls: [1, 2, 3, 4, 5, 6].map(photo) })).toBe(
      'সর্বোচ্চ ৫টি ছবি দিতে পারবেন',
    );
    expect(rentImageProblem({ type: 'image/gif', size: 1 })).toBe('সঠিক ছবির ফাইল বেছে নিন');
  });

  it('names categories and frequencies in Bangla, and keeps the stored English name', () => {
    overwriteGetLocale(() => 'bn');
    expect(rentCategoryName('flat')).toBe('ফ্ল্যাট');
    expect(rentCategoryName('flat', 'en')).toBe('Flat');
    expect(rentFrequencyLabel('monthly')).toBe('মাসিক');
    expect(rentPerFrequency('monthly')).toBe('মাস');
    expect(rentCategoryLabel('flat')).toBe('Flat');
    overwriteGetLocale(() => 'en');
    expect(rentCategoryName('shopping-mall')).toBe('Shopping Mall');
    expect(rentPerFrequency('monthly')).toBe('monthly');
  });
});

describe('the create payload', () => {
  it('takes 1 to 5 photos uploaded to Basha', () => {
    expect(messageFor(newRentPostSchema, { cost: 15000, imageUrls: [photo(1)] })).toBeUndefined();
    expect(messageFor(newRentPostSchema, { imageUrls: [] })).toBe('Please add at least one image!');
    expect(messageFor(newRentPostSchema, { imageUrls: [1, 2, 3, 4, 5, 6].map(photo) })).toBe(
      'You can add up to 5 images',
    );
    expect(messageFor(newRentPostSchema, { imageUrls: ['https://example.com/a.webp'] })).toBe(
      'Images must be photos uploaded to Basha',
    );
    expect(messageFor(newRentPostSchema, { imageUrls: ['/uploads/profiles/x.webp'] })).toBe(
      'Images must be photos uploaded to Basha',
    );
    expect(messageFor(newRentPostSchema, { imageUrls: [photo(1), photo(1)] })).toBe('Each image can be used only once');
  });

  it('refuses fields it does not know, such as an owner or a status', () => {
    const result = v.safeParse(newRentPostSchema, { ...validFields(), imageUrls: [photo(1)], user: 'someone' });
    expect(result.success).toBe(false);
  });
});

describe('chosen photos', () => {
  it('must be JPEG, PNG or WebP of at most 5 MB', () => {
    expect(rentImageProblem({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(rentImageProblem({ type: 'image/gif', size: 1000 })).toBe('Please select a valid image file');
    expect(rentImageProblem({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe('Each image must be less than 5MB');
  });
});

describe('earliestTodayIso', () => {
  it('is the date twelve hours behind UTC', () => {
    expect(earliestTodayIso(new Date('2026-05-10T11:59:00Z'))).toBe('2026-05-09');
    expect(earliestTodayIso(new Date('2026-05-10T12:00:00Z'))).toBe('2026-05-10');
  });
});

describe('statusStyle', () => {
  it('lower-cases the status into a style name', () => {
    expect(statusStyle('Active')).toBe('active');
    expect(statusStyle('Booked')).toBe('booked');
  });
});

describe('the city and postal code of an ad’s details (issue 39)', () => {
  const mirpur = placeSummary(bundledPlaceIndex(), 'ar-mirpur')!;

  it('names the place’s district in the page’s language, and an ad without a place keeps its typed city', () => {
    expect(rentAdCity({ city: 'dhaka city', place: mirpur }, 'en')).toBe('Dhaka');
    expect(rentAdCity({ city: 'dhaka city', place: mirpur }, 'bn')).toBe('ঢাকা');
    expect(rentAdCity({ city: 'Dhaka', place: null }, 'bn')).toBe('Dhaka');
  });

  it('shows the postal code in the page’s digits', () => {
    expect(rentPostalCode('1216', 'bn')).toBe('১২১৬');
    expect(rentPostalCode('1216', 'en')).toBe('1216');
  });
});
