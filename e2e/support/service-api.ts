import type { ServiceCategory } from '../../src/domain/service-category';
import { api } from './rent-ad-api';

/** The service a test needs, offered through the API by a verified person (the offer form has its own journeys). */
export async function createService(
  token: string,
  userId: string,
  fields: { category: ServiceCategory; description: string; servicePlaceIds: string[] },
): Promise<{ _id: string }> {
  return api<{ _id: string }>(token, `profession/create-profile/${userId}`, {
    method: 'POST',
    body: JSON.stringify({
      contactNumber: '+880 1712-345678',
      addressLine: 'House 12, Road 5, Dhanmondi, Dhaka',
      minimumPrice: 500,
      maximumPrice: 5000,
      availableDays: ['Saturday', 'Sunday', 'Monday'],
      availableTime: 'day',
      ...fields,
    }),
  });
}
