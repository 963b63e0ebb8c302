import { describe, expect, it } from 'vitest';
import {
  PLACE_REQUIRED_FOR_NEW_ADS,
  PLACE_REQUIRED_MESSAGE,
  SERVICE_PLACES_REQUIRED_FOR_NEW_SERVICES,
  SERVICE_PLACES_REQUIRED_MESSAGE,
} from '../../src/domain/places/place-rules';
import type { ServiceRecord } from '../../src/domain/service';
import { anOffer } from '../../src/domain/service-test-data';
import { postRentAd } from '../test/listing-fixtures';
import { registerSignedIn, testContextForFile } from '../test/test-app';

/** The rules as shipped: a new rent ad and a new service name their places, as the forms require. */
const ctx = testContextForFile();

describe('with places required for new ads', () => {
  it('is on in this file', () => {
    expect(PLACE_REQUIRED_FOR_NEW_ADS).toBe(true);
    expect(SERVICE_PLACES_REQUIRED_FOR_NEW_SERVICES).toBe(true);
  });

  it('refuses a rent ad without a place and takes one with it', async () => {
    const landlord = await registerSignedIn(ctx, 'required-landlord');
    const without = await postRentAd(ctx, landlord.token, { placeId: undefined });
    expect(without.status).toBe(400);
    expect(without.body.message).toBe(PLACE_REQUIRED_MESSAGE());
    expect(without.body.errors?.placeId).toEqual([PLACE_REQUIRED_MESSAGE()]);
    const withPlace = await postRentAd(ctx, landlord.token, { placeId: 'ar-uttara' });
    expect(withPlace.status).toBe(201);
  });

  it('refuses a new service without places; an edit that does not send them keeps the old ones', async () => {
    const provider = await registerSignedIn(ctx, 'required-provider');
    const offer = (changes: Record<string, unknown>) =>
      ctx.request<ServiceRecord>('POST', `/api/v1/profession/create-profile/${provider.id}`, {
        token: provider.token,
        json: anOffer({ provider: provider.id, ...changes }),
      });
    const without = await offer({ servicePlaceIds: undefined });
    expect(without.status).toBe(400);
    expect(without.body.errors?.servicePlaceIds).toEqual([SERVICE_PLACES_REQUIRED_MESSAGE()]);
    const created = await offer({ servicePlaceIds: ['ar-mirpur'] });
    expect(created.status).toBe(201);
    const edited = await ctx.request<ServiceRecord>(
      'PATCH',
      `/api/v1/profession/update-profile/${created.body.data!._id}`,
      { token: provider.token, json: anOffer({ status: 'active', servicePlaceIds: undefined }) },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data?.servicePlaceIds).toEqual(['ar-mirpur']);
  });
});
