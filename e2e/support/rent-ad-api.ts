import sharp from 'sharp';
import type { RentPost } from '../../src/domain/rent-post';
import { BASE_URL } from './stack';

/** Calls the API as the person whose session token is `token`; throws with the answer unless it is a 2xx. */
export async function api<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${BASE_URL}/api/v1/${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(init.headers ?? {}),
    },
  });
  const body = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

async function uploadPhoto(token: string): Promise<string[]> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#457b9d' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const form = new FormData();
  form.append('propertyImage', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'room.jpg');
  const { urls } = await api<{ urls: string[] }>(token, 'image/upload-properties', { method: 'POST', body: form });
  return urls;
}

/** A live rent ad with one photo, posted through the API by a verified person. */
export async function createRentAd(token: string, fields: { addressLine: string; details: string }): Promise<RentPost> {
  return api<RentPost>(token, 'rent/create', {
    method: 'POST',
    body: JSON.stringify({
      category: 'flat',
      cost: 21000,
      rentPaymentFrequency: 'monthly',
      rentStartDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      contactInfo: '+880 1912-000333',
      city: 'Dhaka',
      postalCode: '1207',
      placeId: 'ar-mohammadpur',
      imageUrls: await uploadPhoto(token),
      ...fields,
    }),
  });
}
