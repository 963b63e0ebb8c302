import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { aRequestActionPayload, aRequestPayload } from './outbox-payloads.fixtures';
import { OUTBOX_PAYLOADS, readOutboxPayload } from './outbox-payloads';

/**
 * Requests kept in the outbox (issue 41): queued in the shape and by the rules their forms and the server check,
 * and read back only in that shape.
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
    ['without its listing', { ...aRequestPayload(), listingId: '' }],
    ['on a day that is not in the calendar', aRequestPayload('rent-1', '2030-02-30')],
    ['whose note is too short', { ...aRequestPayload(), note: 'Hi' }],
    ['with a field the server does not know', { ...aRequestPayload(), customerId: 'someone' }],
  ])('refuses a request %s', (_, payload) => {
    expect(v.safeParse(OUTBOX_PAYLOADS.request, payload).success).toBe(false);
  });

  it.each([
    ['without its request', { action: 'accept' }],
    ['on an empty request id', aRequestActionPayload('', 'accept')],
    ['the table does not have', { requestId: 'request-7', action: 'reopen' }],
    ['whose price is not a whole number of taka', { ...aRequestActionPayload(), price: 12.5 }],
    [
      'whose reason is over 300 characters',
      { ...aRequestActionPayload('request-7', 'decline'), reason: 'x'.repeat(301) },
    ],
  ])('refuses a move %s', (_, payload) => {
    expect(v.safeParse(OUTBOX_PAYLOADS['request-action'], payload).success).toBe(false);
  });

  it('never hands a sender an item of another shape (written by an older version, or damaged)', () => {
    expect(readOutboxPayload('request', { ...aRequestPayload(), kind: 'sale' })).toBeUndefined();
    expect(readOutboxPayload('request', { listingId: 'rent-1' })).toBeUndefined();
    expect(readOutboxPayload('request-action', { action: 'accept' })).toBeUndefined();
    expect(readOutboxPayload('request-action', { requestId: 7, action: 'accept' })).toBeUndefined();
  });
});
