import type { ServiceRecord } from './service';

/** A valid service as the API answers it, for tests, with whatever fields the test cares about. */
export function makeService(id: string, overrides: Partial<ServiceRecord> = {}): ServiceRecord {
  return {
    _id: id,
    category: 'Painter',
    status: 'active',
    provider: { _id: `provider-${id}`, name: `Provider ${id}` },
    contactNumber: '01712345678',
    addressLine: 'Road 5, Dhanmondi',
    serviceArea: ['Dhanmondi'],
    description: 'Interior painting with low-odour paints.',
    minimumPrice: 1000,
    maximumPrice: 5000,
    availableDays: ['Monday'],
    availableTime: 'day',
    coverImage: null,
    coverThumbnail: null,
    ratings: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
