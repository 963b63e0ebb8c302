import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, landingFeedback } from '../db/schema';
import { testContextForFile } from '../test/test-app';
import { ABANDONED_ATTEMPT_MS, IDEMPOTENCY_KEY_TTL_MS, KEY_IN_FLIGHT_MESSAGE, KEY_REUSED_MESSAGE } from './idempotency';

const message = (subject: string) => ({
  name: 'Tania',
  email: 'tania@example.com',
  contact: '01712345678',
  subject,
  message: 'The filters on the rent page are great.',
});

const t = testContextForFile();

function send(key: string, subject: string) {
  t.clock.advance(60 * 60 * 1000); // keep the feedback rate limit out of these tests
  return t.request('POST', '/api/v1/feedback', { json: message(subject), headers: { 'Idempotency-Key': key } });
}

async function storedWithSubject(subject: string) {
  return (await t.db.select().from(landingFeedback)).filter((row) => row.subject === subject).length;
}

describe('Idempotency-Key', () => {
  it('stores a repeated request once and answers the repeat with the first answer', async () => {
    const key = randomUUID();
    const first = await send(key, 'repeat');
    const second = await send(key, 'repeat');
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await storedWithSubject('repeat')).toBe(1);
  });

  it('refuses the same key with a different request with 422 and stores nothing new', async () => {
    const key = randomUUID();
    await send(key, 'original');
    const changed = await send(key, 'changed');
    expect(changed.status).toBe(422);
    expect(changed.body.message).toBe(KEY_REUSED_MESSAGE());
    expect(await storedWithSubject('changed')).toBe(0);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    const key = randomUUID();
    expect((await send(key, 'in flight')).status).toBe(201);
    // Turn the finished record back into a running one, as a concurrent first attempt would look.
    await t.db.update(idempotencyKeys).set({ state: 'in_flight', startedAt: t.clock.now() });
    const repeat = await t.request('POST', '/api/v1/feedback', {
      json: message('in flight'),
      headers: { 'Idempotency-Key': key },
    });
    expect(repeat.status).toBe(409);
    expect(repeat.body.message).toBe(KEY_IN_FLIGHT_MESSAGE());
    expect(repeat.headers.get('retry-after')).toBeTruthy();
    expect(await storedWithSubject('in flight')).toBe(1);
    await t.db.delete(idempotencyKeys);
  });

  it('takes over an attempt abandoned by a crashed server, without a duplicate', async () => {
    const key = randomUUID();
    expect((await send(key, 'abandoned')).status).toBe(201);
    // Pretend the server died after claiming: the row is in flight and the feedback row was rolled back.
    await t.db.delete(landingFeedback);
    await t.db.update(idempotencyKeys).set({ state: 'in_flight', startedAt: t.clock.now() });
    t.clock.advance(ABANDONED_ATTEMPT_MS);
    const retry = await t.request('POST', '/api/v1/feedback', {
      json: message('abandoned'),
      headers: { 'Idempotency-Key': key },
    });
    expect(retry.status).toBe(201);
    expect(await storedWithSubject('abandoned')).toBe(1);
  });

  it('replays a refusal, and frees the key when the answer was only a passing one', async () => {
    const key = randomUUID();
    const bad = await t.request('POST', '/api/v1/feedback', {
      json: { ...message('bad'), message: 'short' },
      headers: { 'Idempotency-Key': key },
    });
    expect(bad.status).toBe(400);
    const again = await t.request('POST', '/api/v1/feedback', {
      json: { ...message('bad'), message: 'short' },
      headers: { 'Idempotency-Key': key },
    });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps keys for 24 hours', async () => {
    const key = randomUUID();
    await send(key, 'kept');
    t.clock.advance(IDEMPOTENCY_KEY_TTL_MS - 2 * 60 * 60 * 1000);
    const withinDay = await t.request('POST', '/api/v1/feedback', {
      json: message('kept'),
      headers: { 'Idempotency-Key': key },
    });
    expect(withinDay.headers.get('idempotent-replayed')).toBe('true');
    expect(await storedWithSubject('kept')).toBe(1);
  });

  it('refuses a malformed key with 400', async () => {
    const response = await send('bad key!', 'malformed');
    expect(response.status).toBe(400);
    expect(await storedWithSubject('malformed')).toBe(0);
  });

  it('makes one row from 20 parallel requests with one key', async () => {
    const key = randomUUID();
    t.clock.advance(60 * 60 * 1000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('POST', '/api/v1/feedback', { json: message('parallel'), headers: { 'Idempotency-Key': key } }),
      ),
    );
    expect(await storedWithSubject('parallel')).toBe(1);
    // Each answer is the stored one, "still running", or the feedback rate limit (20 is above it).
    expect(answers.every((answer) => [201, 409, 429].includes(answer.status))).toBe(true);
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThanOrEqual(1);
  });
});
