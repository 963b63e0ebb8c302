import { brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compression } from './compression';

describe('choosing an encoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5', 'gzip'],
    ['identity', undefined],
    ['*', 'br'],
    ['br;q=0, gzip;q=0', undefined],
    [undefined, undefined],
  ])('%s gives %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('compressing answers', () => {
  const app = new Hono();
  app.use('*', compression());
  const list = Array.from({ length: 200 }, (_, i) => ({ id: i, city: 'Dhaka', note: 'A quiet flat near the lake' }));
  app.get('/list', (c) => c.json(list));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/photo', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/webp' }));

  it('sends a JSON list as Brotli that decodes to the same list', async () => {
    const response = await app.request('/list', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(JSON.stringify(list).length / 10);
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(list);
  });

  it('leaves small answers, photos and browsers without Accept-Encoding alone', async () => {
    for (const [path, header] of [
      ['/small', 'br'],
      ['/photo', 'br'],
      ['/list', ''],
    ] as const) {
      const response = await app.request(path, { headers: header ? { 'Accept-Encoding': header } : {} });
      expect(response.headers.get('content-encoding')).toBeNull();
    }
  });
});
