import type { ReviewRecord, ServiceRecord } from './service';

/** Builders of services and reviews shared by unit tests (and usable by server tests). */

let counter = 0;

/** The fields of a valid service offer as the offer form sends them, before the server adds its own. */
export function anOffer<Overrides extends object = object>(overrides?: Overrides) {
  return {
    category: 'Plumber' as const,
    contactNumber: '+880 1711-000000',
    addressLine: 'House 7, Road 2, Mirpur 10',
    description: 'Leaking taps, blocked drains and new bathroom fittings.',
    minimumPrice: 500,
    maximumPrice: 2000,
    availableDays: ['Saturday', 'Sunday'] as ServiceRecord['availableDays'],
    availableTime: 'day' as const,
    // Mirpur: every new service names its places (src/domain/places/place-rules.ts); the form sends no typed areas.
    servicePlaceIds: ['ar-mirpur'],
    ...overrides,
  };
}

export function aReview(rating: number, overrides: Partial<ReviewRecord> = {}): ReviewRecord {
  counter += 1;
  return {
    _id: `review-${counter}`,
    serviceId: 'service-1',
    client: { _id: `client-${counter}`, name: `Client ${counter}` },
    rating,
    feedback: 'Came on time and did careful work.',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function aService(overrides: Partial<ServiceRecord> = {}): ServiceRecord {
  counter += 1;
  return {
    _id: `service-${counter}`,
    ...anOffer({ description: 'Leaking taps, blocked drains and new bathroom fittings, with my own tools.' }),
    serviceArea: ['Mirpur', 'Pallabi'],
    status: 'active',
    provider: { _id: 'provider-1', name: 'Rahim Chowdhury' },
    coverImage: null,
    coverThumbnail: null,
    ratings: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
