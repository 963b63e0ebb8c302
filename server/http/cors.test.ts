import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { publicOrigin } from './cors';

const PUBLIC_URL = 'https://basha.example/app/';
const ORIGIN = 'https://basha.example';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL } });
});
afterAll(() => ctx.close());

function preflight(origin: string, method = 'POST', headers = 'authorization,content-type,idempotency-key') {
  return ctx.app.request('/api/v1/rent/create', {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

describe('CORS on the API', () => {
  it('takes the origin of PUBLIC_URL, without its path', () => {
    expect(publicOrigin({ publicUrl: PUBLIC_URL })).toBe(ORIGIN);
    expect(publicOrigin({ publicUrl: 'http://localhost:8080' })).toBe('http://localhost:8080');
  });

  it('allows a preflight from PUBLIC_URL for the methods and headers Basha uses, without credentials', async () => {
    const response = await preflight(ORIGIN);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const methods = response.headers.get('access-control-allow-methods')?.split(',') ?? [];
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PATCH', 'DELETE']));
    const headers = response.headers.get('access-control-allow-headers')?.toLowerCase().split(',') ?? [];
    expect(headers).toEqual(expect.arrayContaining(['authorization', 'content-type', 'idempotency-key']));
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['a look-alike host', 'https://basha.example.evil.example'],
    ['the same host over http', 'http://basha.example'],
    ['another port', 'https://basha.example:8443'],
    ['a sandboxed frame (null)', 'null'],
  ])('gives a preflight from %s no Access-Control-Allow-Origin', async (_label, origin) => {
    const response = await preflight(origin);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets PUBLIC_URL read answers, errors included, and the Retry-After header', async () => {
    const health = await ctx.app.request('/api/v1/health', { headers: { origin: ORIGIN } });
    expect(health.status).toBe(200);
    expect(health.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(health.headers.get('access-control-expose-headers')).toContain('Retry-After');

    const refused = await ctx.app.request('/api/v1/user/sign-out', { method: 'POST', headers: { origin: ORIGIN } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  });

  it('sends no Access-Control-Allow-Origin to another origin on real requests', async () => {
    const response = await ctx.app.request('/api/v1/health', { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('adds nothing to same-origin requests that send no Origin header', async () => {
    const response = await ctx.app.request('/api/v1/health');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
