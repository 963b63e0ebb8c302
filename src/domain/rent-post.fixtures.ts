import type { RentPost } from './rent-post';

/** A valid rent post for tests, with whatever fields the test cares about. */
export function makeRentPost(overrides: Partial<RentPost> = {}): RentPost {
  const details = overrides.details ?? 'A bright two-bedroom flat with a balcony, gas and lift.';
  return {
    _id: '00000000-0000-4000-8000-000000000001',
    user: 'owner-1',
    category: 'flat',
    cost: 15000,
    rentPaymentFrequency: 'monthly',
    rentStartDate: '2030-01-01',
    contactInfo: '+880 1711-000000',
    addressLine: 'House 12, Road 5, Dhanmondi',
    city: 'Dhaka',
    postalCode: '1205',
    propertyType: 'Flat',
    imageUrls: ['/uploads/rent/00000000-0000-4000-8000-0000000000aa.webp'],
    thumbnailUrls: ['/uploads/rent/00000000-0000-4000-8000-0000000000aa-thumb.webp'],
    status: 'Active',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
    details,
    description: details,
  };
}
