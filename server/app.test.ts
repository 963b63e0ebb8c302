import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  testContextForFile,
  signIn,
  registerUser,
  uniqueEmail,
  type TestContext,
} from './test/test-app';

const ctx = testContextForFile();

describe('the API in general', () => {
  it('lets no cache keep an answer about people: authenticated ones, refusals and errors are no-store', async () => {
    const user = await registerUser(ctx, 'no-store');
    const token = await signIn(ctx, user);
    const answers = await Promise.all([
      ctx.request('GET', `/api/v1/user/find-info/${user.id}`, { token }),
      ctx.request('GET', `/api/v1/user/professional-details/${user.id}`, { token }),
      ctx.request('GET', '/api/v1/rent/rent-posts?since=0', { token }),
      ctx.request('GET', '/api/v1/profession/find-services/all?since=0', { token }),
      ctx.request('GET', '/api/v1/rent/my-posts'),
      ctx.request('GET', '/api/v1/rent/view-details/00000000-0000-4000-8000-000000000000', { token }),
      ctx.request('POST', '/api/v1/user/find-id', { token: user.idToken, json: { email: user.email } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 401, 404, 200]);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');
    // A route that is public on purpose keeps its own header.
    const prices = await ctx.request('GET', '/api/v1/market/price-ranges');
    expect(prices.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('reports health with the database up', async () => {
    const response = await ctx.request('GET', '/api/v1/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'ok', data: { database: 'up' } });
  });

  it('gives the browser only the allow-listed configuration', async () => {
    const response = await ctx.request<Record<string, unknown>>('GET', '/api/v1/config');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-basha-test.firebaseapp.com',
        projectId: 'demo-basha-test',
        emulatorUrl: 'same-origin',
      },
    });
    expect(JSON.stringify(response.body)).not.toContain(ctx.config.sessionSecret);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const response = await ctx.request('GET', '/api/v1/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ success: false, message: 'Not found' });
  });

  it('answers an unknown route outside the API with a JSON 404 when no app is built', async () => {
    const response = await ctx.request('DELETE', '/somewhere/else');
    expect(response.status).toBe(404);
    expect(response.body.success).toBe(false);
  });

  it('refuses malformed JSON with 400 before anything else is read', async () => {
    const account = await registerUser(ctx, 'json');
    const response = await ctx.request('POST', '/api/v1/user/find-id', {
      token: account.idToken,
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: 'Request body must be valid JSON' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const account = await registerUser(ctx, 'ctype');
    const response = await ctx.request('POST', '/api/v1/user/find-id', {
      token: account.idToken,
      body: `email=${account.email}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body.success).toBe(false);
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const response = await ctx.request('POST', '/api/v1/user/find-id', {
      json: { email: uniqueEmail(), padding: 'x'.repeat(1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, message: 'Request body is too large.' });
  });

  it('refuses a streamed JSON body over 1 MB with 413 even without a Content-Length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(256 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i += 1) controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await ctx.app.request('/api/v1/user/find-id', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('forwards Firebase Auth calls on our origin to the emulator', async () => {
    const email = uniqueEmail('proxy');
    const response = await ctx.app.request('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret-pass-1', returnSecureToken: true }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { email?: string; idToken?: string };
    expect(body.email).toBe(email);
    expect(body.idToken).toBeTypeOf('string');
  });
});

describe('request logging', () => {
  it('writes one line per request with method, path, status and duration', async () => {
    const logged = await createTestContext({ env: { LOG_REQUESTS: 'on' } });
    try {
      await logged.request('GET', '/api/v1/health');
      await logged.request('GET', '/api/v1/missing');
      expect(logged.logger.lines).toHaveLength(2);
      expect(logged.logger.lines[0]).toMatch(/^GET \/api\/v1\/health 200 \d+ms$/);
      expect(logged.logger.lines[1]).toMatch(/^GET \/api\/v1\/missing 404 \d+ms$/);
    } finally {
      await logged.close();
    }
  });
});

describe('when the database fails', () => {
  let broken: TestContext;
  let token: string;
  beforeAll(async () => {
    broken = await createTestContext();
    token = await signIn(broken, await registerUser(broken, 'broken'));
    await broken.database.close();
  });
  afterAll(() => broken.close());

  it('reports health 503', async () => {
    const response = await broken.request('GET', '/api/v1/health');
    expect(response.status).toBe(503);
    expect(response.body.success).toBe(false);
  });

  it('answers other calls with a JSON 500 and logs the error', async () => {
    broken.logger.errors.length = 0;
    const response = await broken.request('GET', '/api/v1/user/find-info/00000000-0000-4000-8000-000000000000', {
      token,
    });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ success: false, message: 'Something went wrong on our side. Please try again.' });
    expect(broken.logger.errors.length).toBeGreaterThan(0);
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy, no framing and no sniffing, and no HSTS over plain http', async () => {
    const t = await createTestContext();
    try {
      const response = await t.app.request('/api/v1/health');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      // Fonts only from our own style sheets: from our origin, or written into them.
      expect(csp).toContain("style-src 'self';");
      expect(csp).toContain("font-src 'self' data:");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('adds HSTS when Basha is served over https', async () => {
    const t = await createTestContext({ env: { PUBLIC_URL: 'https://basha.example.com' } });
    try {
      const response = await t.app.request('/api/v1/health');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await t.close();
    }
  });
});
