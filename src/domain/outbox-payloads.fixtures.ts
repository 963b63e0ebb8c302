import type { OutboxPayload } from './outbox-payloads';

/** Payloads of each outbox kind that its schema accepts, for tests of the outbox and of the senders. */

export function aRentAdPayload(overrides: Partial<OutboxPayload<'rent-ad'>['fields']> = {}): OutboxPayload<'rent-ad'> {
  return {
    fields: {
      category: 'flat',
      cost: 15000,
      rentPaymentFrequency: 'monthly',
      rentStartDate: '2030-05-01',
      contactInfo: '+880 1711-000000',
      addressLine: 'Road 3',
      city: 'Dhaka',
      postalCode: '1216',
      details: 'Two bedrooms, a balcony and gas; near the bus stand, suits a small family.',
      ...overrides,
    },
  };
}

/** A review whose feedback is `feedback` (at least 10 characters, as the form asks). */
export function aReviewPayload(feedback = 'Came on time and did careful work.'): OutboxPayload<'review'> {
  return { serviceId: 'service-1', rating: 5, feedback };
}

/** A landing-page message whose sender is called `name`. */
export function aLandingMessage(name = 'Rahim'): OutboxPayload<'landing-feedback'> {
  return {
    name,
    email: 'rahim@example.com',
    contact: '+880 1711-000000',
    subject: 'A question',
    message: 'How do I offer two services at once?',
  };
}

/** An edit of service `serviceId` whose description is `description`. */
export function aServiceEditPayload(serviceId: string, description: string): OutboxPayload<'service-edit'> {
  return {
    serviceId,
    category: 'Plumber',
    keptCover: null,
    values: {
      status: 'active',
      contactNumber: '+880 1711-000000',
      addressLine: 'House 7, Road 2, Mirpur 10',
      serviceArea: ['Mirpur'],
      description,
      minimumPrice: 500,
      maximumPrice: 2000,
      availableDays: ['Saturday'],
      availableTime: 'day',
    },
  };
}

/** A request for a visit to rent ad `listingId` on `date`. */
export function aRequestPayload(listingId = 'rent-1', date = '2030-05-01'): OutboxPayload<'request'> {
  return { kind: 'visit', listingId, date, timeOfDay: 'evening', note: 'Two of us, after work.' };
}

/** A move on request `requestId`. */
export function aRequestActionPayload(
  requestId = 'request-1',
  action: OutboxPayload<'request-action'>['action'] = 'accept',
): OutboxPayload<'request-action'> {
  return { requestId, action };
}
