import { describe, expect, it } from 'vitest';
import type { RentPost } from '../../src/domain/rent-post';
import { aReview, aService } from '../../src/domain/service-test-data';
import { visitorRentPost, visitorService } from './visitor-view';

/** The visitor's view of a listing as a rule; the answers themselves are tested in server/security/visitor-reads. */

const post: RentPost = {
  _id: '4d7c6f1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  user: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  category: 'flat',
  cost: 25000,
  rentPaymentFrequency: 'monthly',
  rentStartDate: '2099-01-01',
  contactInfo: '+880 1711-234567',
  addressLine: 'House 9, Road 3, Dhanmondi',
  city: 'Dhanmondi, call ০১৭১১২৩৪৫৬৭',
  postalCode: '1205',
  placeId: 'ar-dhanmondi',
  place: null,
  details: 'Call 01711-234567 or 01711 234 567.',
  description: 'Call 01711-234567 or 01711 234 567.',
  propertyType: 'Flat',
  imageUrls: [],
  thumbnailUrls: [],
  status: 'Active',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  confirmedAt: '2026-01-01T00:00:00.000Z',
};

describe('visitorRentPost', () => {
  it('leaves out the number, the street and the postal code, and masks numbers typed into texts', () => {
    const shown = visitorRentPost(post) as Record<string, unknown>;
    expect(shown).not.toHaveProperty('contactInfo');
    expect(shown).not.toHaveProperty('addressLine');
    expect(shown).not.toHaveProperty('postalCode');
    expect(shown.details).toBe('Call ••• or •••.');
    expect(shown.city).toBe('Dhanmondi, call •••');
    expect(shown.cost).toBe(25000);
    expect(shown.placeId).toBe('ar-dhanmondi');
  });

  it('leaves out a field it does not know (an allow-list) and the poster-only unlistedAt', () => {
    const shown = visitorRentPost({ ...post, unlistedAt: null, ownerEmail: 'a@b.co' } as RentPost);
    expect(shown).not.toHaveProperty('unlistedAt');
    expect(shown).not.toHaveProperty('ownerEmail');
  });
});

describe('visitorService', () => {
  it('leaves out the number and the street, and masks numbers in the description, the areas and the reviews', () => {
    const service = aService({
      contactNumber: '01911-222333',
      addressLine: 'House 1, Road 1, Uttara',
      serviceArea: ['Uttara', 'Uttara 01911222333'],
      description: 'Ring +8801911222333 any time.',
      ratings: [aReview(5, { feedback: 'Good work, his number is 01911 222 333.' })],
    });
    const shown = visitorService(service) as Record<string, unknown>;
    expect(shown).not.toHaveProperty('contactNumber');
    expect(shown).not.toHaveProperty('addressLine');
    expect(shown.serviceArea).toEqual(['Uttara', 'Uttara •••']);
    expect(shown.description).toBe('Ring ••• any time.');
    expect(JSON.stringify(shown)).not.toMatch(/01911/);
    expect(shown.provider).toEqual(service.provider);
  });
});
