import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { aRequestActionPayload, aRequestPayload } from './outbox-payloads.fixtures';
import { readOutboxPayload } from './outbox-payloads';
import { newRequestShape, requestActionShape } from './request-shapes';
import { newRequestSchema, requestActionSchema } from './request-status';

/**
 * Requests kept in the outbox (issue 41): read back only in the shape of the bodies the forms and the server check,
 * so that a sender never gets an item of another shape (written by an older version, or damaged).
 */
describe('the outbox payloads of requests', () => {
  it('reads back a request and a move as they were queued', () => {
    expect(readOutboxPayload('request', aRequestPayload())).toEqual(aRequestPayload());
    const withPrice = { ...aRequestActionPayload('request-7', 'accept'), price: 1200 };
    expect(readOutboxPayload('request-action', withPrice)).toEqual(withPrice);
    const cancel = { ...aRequestActionPayload('request-7', 'cancel'), reason: 'Found another home.' };
    expect(readOutboxPayload('request-action', cancel)).toEqual(cancel);
  });

  it.each([
    ['of an unknown kind', { ...aRequestPayload(), kind: 'sale' }],
    ['whose listing is not named by its id', { ...aRequestPayload(), listingId: 7 }],
    ['at an unknown time of day', { ...aRequestPayload(), timeOfDay: 'night' }],
    ['whose price is written as text', { ...aRequestPayload(), offeredPrice: '1200' }],
    ['with a field the server does not know', { ...aRequestPayload(), customerId: 'someone' }],
    ['without its note', { kind: 'visit', listingId: 'rent-1', date: '2030-05-01', timeOfDay: 'evening' }],
  ])('refuses a request %s', (_, payload) => {
    expect(readOutboxPayload('request', payload)).toBeUndefined();
  });

  it.each([
    ['without its request', { action: 'accept' }],
    ['whose request is not named by its id', { requestId: 7, action: 'accept' }],
    ['the table does not have', { requestId: 'request-7', action: 'reopen' }],
    ['whose price is written as text', { ...aRequestActionPayload(), price: '1200' }],
    ['with a field the server does not know', { ...aRequestActionPayload(), status: 'accepted' }],
  ])('refuses a move %s', (_, payload) => {
    expect(readOutboxPayload('request-action', payload)).toBeUndefined();
  });

  it('keeps the fields of the bodies the forms and the server check, and whatever they accept', () => {
    expect(Object.keys(newRequestShape.entries).sort()).toEqual(Object.keys(newRequestSchema.entries).sort());
    expect(Object.keys(requestActionShape.entries).sort()).toEqual(
      ['requestId', ...Object.keys(requestActionSchema.entries)].sort(),
    );
    const job = v.parse(newRequestSchema, {
      ...aRequestPayload(),
      kind: 'service',
      placeId: 'area-mirpur',
      offeredPrice: 1200,
    });
    expect(v.is(newRequestShape, job)).toBe(true);
    const decline = v.parse(requestActionSchema, { action: 'decline', reason: 'Away that week.' });
    expect(v.is(requestActionShape, { requestId: 'request-7', ...decline })).toBe(true);
  });
});
