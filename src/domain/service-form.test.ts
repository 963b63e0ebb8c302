import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { editServiceSchema, newServiceSchema } from './service-form';
import { anOffer } from './service-test-data';

// With typed areas, as a caller of the spec's API may still send them (the forms send places only).
const valid = {
  ...anOffer({ availableDays: ['Monday', 'Friday', 'Saturday'] }),
  serviceArea: ['  Mirpur ', 'Pallabi'],
};

function messages(schema: v.GenericSchema, input: unknown): string[] {
  const result = v.safeParse(schema, input);
  return result.success ? [] : result.issues.map((issue) => issue.message);
}

describe('newServiceSchema', () => {
  it('accepts a complete offer, trims areas and orders the days as the week runs in Bangladesh, Saturday first', () => {
    const output = v.parse(newServiceSchema, valid);
    expect(output.serviceArea).toEqual(['Mirpur', 'Pallabi']);
    expect(output.availableDays).toEqual(['Saturday', 'Monday', 'Friday']);
  });

  it('uses the spec’s words for missing fields', () => {
    const result = messages(newServiceSchema, {
      ...valid,
      category: '',
      contactNumber: '',
      addressLine: '',
      description: '',
      availableDays: [],
      availableTime: '',
    });
    expect(result).toEqual(
      expect.arrayContaining([
        'Please select a service type',
        'Contact number is required',
        'Address line is required',
        'Please describe your service',
        'Please select at least one day',
        'Please select your availability',
      ]),
    );
  });

  it('asks for no typed service areas: the form names places only', () => {
    const { serviceArea: _typed, ...placesOnly } = valid;
    const output = v.parse(newServiceSchema, placesOnly);
    expect(output.serviceArea).toBeUndefined();
    expect(output.servicePlaceIds).toEqual(['ar-mirpur']);
    expect(messages(editServiceSchema, { ...placesOnly, status: 'active' })).toEqual([]);
  });

  it('still holds typed service areas that a caller sends to the spec’s rules', () => {
    expect(messages(newServiceSchema, { ...valid, serviceArea: ['ab'] })).toContain(
      'Service area must be at least 3 characters',
    );
    expect(messages(newServiceSchema, { ...valid, serviceArea: ['   '] })).toContain('Service area cannot be empty');
    expect(messages(newServiceSchema, { ...valid, serviceArea: [] })).toContain(
      'Please add at least one service area.',
    );
  });

  it('needs a description of 20 to 1000 characters', () => {
    expect(messages(newServiceSchema, { ...valid, description: 'Too short' })).toEqual([
      'Description should be at least 20 characters',
    ]);
    expect(messages(newServiceSchema, { ...valid, description: 'x'.repeat(1001) })).toEqual([
      'Description cannot exceed 1000 characters',
    ]);
  });

  it('needs prices of at least 1 with the maximum above the minimum', () => {
    expect(messages(newServiceSchema, { ...valid, minimumPrice: 0 })).toEqual(['Price must be greater than 0']);
    expect(messages(newServiceSchema, { ...valid, minimumPrice: Number.NaN })).toContain(
      'Price must be greater than 0',
    );
    expect(messages(newServiceSchema, { ...valid, minimumPrice: 2000, maximumPrice: 2000 })).toEqual([
      'Maximum price must be greater than minimum price',
    ]);
  });

  it('refuses fields that are not part of an offer', () => {
    expect(v.safeParse(newServiceSchema, { ...valid, providerId: 'x' }).success).toBe(false);
    expect(v.safeParse(newServiceSchema, { ...valid, status: 'inactive' }).success).toBe(false);
  });

  it('accepts only covers uploaded to Basha', () => {
    const cover = '/uploads/services/0f8fad5b-d9cb-469f-a165-70867728950e.webp';
    expect(v.safeParse(newServiceSchema, { ...valid, coverImage: cover }).success).toBe(true);
    expect(v.safeParse(newServiceSchema, { ...valid, coverImage: 'https://evil.example/x.png' }).success).toBe(false);
  });
});

describe('editServiceSchema', () => {
  const edit = { ...valid, status: 'inactive' };

  it('allows descriptions up to 2000 characters and says so beyond', () => {
    expect(v.safeParse(editServiceSchema, { ...edit, description: 'x'.repeat(2000) }).success).toBe(true);
    expect(messages(editServiceSchema, { ...edit, description: 'x'.repeat(2001) })).toEqual([
      'Description cannot exceed 2000 characters',
    ]);
  });

  it('needs a status and a maximum above the minimum', () => {
    expect(messages(editServiceSchema, { ...edit, status: undefined })).toEqual(['Service status is required']);
    expect(messages(editServiceSchema, { ...edit, minimumPrice: 3000 })).toEqual([
      'Maximum price must be greater than minimum price.',
    ]);
  });
});

describe('numbers typed in Bangla digits', () => {
  it('reads prices as people type them (./typed-number.ts), and says what is wrong with the rest', () => {
    const output = v.parse(newServiceSchema, { ...valid, minimumPrice: '১,২০০', maximumPrice: 'Tk 12,000/-' });
    expect([output.minimumPrice, output.maximumPrice]).toEqual([1200, 12000]);
    expect(v.parse(newServiceSchema, { ...valid, minimumPrice: ' 800 ' }).minimumPrice).toBe(800);
    expect(v.parse(newServiceSchema, { ...valid, minimumPrice: 750 }).minimumPrice).toBe(750);
    expect(messages(newServiceSchema, { ...valid, minimumPrice: '' })).toEqual(['Price must be greater than 0']);
    expect(messages(newServiceSchema, { ...valid, minimumPrice: 'দশ' })).toEqual([
      'Please write the amount in digits, like 18,000',
    ]);
    expect(messages(newServiceSchema, { ...valid, minimumPrice: '1,2,3' })).toEqual([
      'Please check the commas: write it like 18,000 or 1,20,000',
    ]);
    expect(messages(newServiceSchema, { ...valid, minimumPrice: '12.50' })).toEqual([
      'Please enter a whole amount in taka',
    ]);
    expect(messages(newServiceSchema, { ...valid, minimumPrice: '-5' })).toEqual(['Price must be greater than 0']);
  });

  it('stores a contact number typed in Bangla digits in Latin ones', () => {
    const output = v.parse(newServiceSchema, { ...valid, contactNumber: '+৮৮০ ১৭১১-০০০০০০' });
    expect(output.contactNumber).toBe('+880 1711-000000');
    expect(messages(newServiceSchema, { ...valid, contactNumber: 'ফোন' })).toEqual([
      'Please enter a valid phone number',
    ]);
  });
});

describe('the forms in Bangla', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('says what is wrong in the language of the moment the rule fails', () => {
    overwriteGetLocale(() => 'bn');
    expect(messages(newServiceSchema, { ...valid, category: '' })).toEqual(['সেবার ধরন বেছে নিন']);
    expect(messages(newServiceSchema, { ...valid, description: 'x'.repeat(1001) })).toEqual([
      'বিবরণ ১০০০ অক্ষরের বেশি হতে পারবে না',
    ]);
    expect(messages(newServiceSchema, { ...valid, minimumPrice: 2000, maximumPrice: 2000 })).toEqual([
      'সর্বোচ্চ দাম সর্বনিম্ন দামের চেয়ে বেশি হতে হবে',
    ]);
    overwriteGetLocale(() => 'en');
    expect(messages(newServiceSchema, { ...valid, category: '' })).toEqual(['Please select a service type']);
  });
});
