import { describe, expect, it } from 'vitest';
import { landingFeedback } from '../db/schema';
import { createTestContext, testContextForFile } from '../test/test-app';
import { FEEDBACK_LIMIT_PER_WINDOW, FEEDBACK_WINDOW_MS } from './routes';

const valid = {
  name: 'Farhana Akter',
  email: 'Farhana@Example.com',
  contact: '+880 1712-345678',
  subject: 'Tutor search',
  message: 'Found a maths tutor for my son within a day. Thank you!',
};

const t = testContextForFile();

async function storedCount() {
  return (await t.db.select().from(landingFeedback)).length;
}

describe('POST /api/v1/feedback', () => {
  it('stores a valid message from a visitor without signing in', async () => {
    const response = await t.request('POST', '/api/v1/feedback', { json: valid });
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    const [row] = await t.db.select().from(landingFeedback);
    expect(row).toMatchObject({ name: 'Farhana Akter', email: 'farhana@example.com', subject: 'Tutor search' });
  });

  it.each([
    ['an empty name', { ...valid, name: '' }, 'Name is required'],
    ['an e-mail without an ending', { ...valid, email: 'farhana@example' }, 'Please enter a valid email address'],
    ['letters in the contact number', { ...valid, contact: 'call me' }, 'Please enter a valid phone number'],
    ['a blank subject', { ...valid, subject: '   ' }, 'Subject is required'],
    ['a short message', { ...valid, message: 'Too short' }, 'Message must be at least 10 characters'],
    ['a huge message', { ...valid, message: 'x'.repeat(5000) }, 'This text is too long'],
    ['an unknown field', { ...valid, isSpam: false }, 'Unknown field: isSpam'],
  ])('refuses %s with "%s" and stores nothing', async (_label, body, message) => {
    t.clock.advance(FEEDBACK_WINDOW_MS); // a new window, so the rate limit stays out of the way
    const before = await storedCount();
    const response = await t.request('POST', '/api/v1/feedback', { json: body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await storedCount()).toBe(before);
  });

  it('answers 429 with Retry-After once a visitor sends too many, and again after the window', async () => {
    const fresh = await createTestContext();
    try {
      for (let i = 0; i < FEEDBACK_LIMIT_PER_WINDOW; i++) {
        expect((await fresh.request('POST', '/api/v1/feedback', { json: valid })).status).toBe(201);
      }
      const refused = await fresh.request('POST', '/api/v1/feedback', { json: valid });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      fresh.clock.advance(FEEDBACK_WINDOW_MS);
      expect((await fresh.request('POST', '/api/v1/feedback', { json: valid })).status).toBe(201);
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /api/v1/market/price-ranges', () => {
  it('answers null for rent and no service categories on an empty market', async () => {
    const response = await t.request<{ rent: unknown; services: Record<string, unknown> }>(
      'GET',
      '/api/v1/market/price-ranges',
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ rent: null, services: {} });
  });
});
