import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
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

describe('compressing a streamed answer whose client goes away', () => {
  it('keeps the server up when the reader cancels while the compressor still has output', async () => {
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    process.on('uncaughtException', onCrash);
    try {
      const app = new Hono();
      app.use('*', compression());
      // A long list, streamed as server/http/streamed-list.ts does (chunked tells compression to stream).
      const row = new TextEncoder().encode(`${JSON.stringify({ city: 'Dhaka', note: 'x'.repeat(2000) })},`);
      app.get('/long', () => {
        let sent = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            sent += 1;
            if (sent > 2000) controller.close();
            else controller.enqueue(row);
          },
        });
        return new Response(body, {
          headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        });
      });
      // Over a real socket, as a phone that loses its connection mid-list does.
      const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      try {
        for (let attempt = 0; attempt < 20; attempt += 1) {
          await new Promise<void>((resolve, reject) => {
            const request = get({ host: '127.0.0.1', port, path: '/long', headers: { 'Accept-Encoding': 'br' } });
            request.on('response', (response) => {
              response.once('data', () => {
                request.destroy();
                resolve();
              });
            });
            request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
          });
        }
        // And as a load generator does at the end of its run: ten connections closed mid-answer at once.
        await autocannon({
          url: `http://127.0.0.1:${port}/long`,
          connections: 10,
          duration: 1,
          headers: { 'accept-encoding': 'br' },
        });
        await new Promise((resolve) => setTimeout(resolve, 500));
        const after = await fetch(`http://127.0.0.1:${port}/long`, { headers: { 'Accept-Encoding': 'br' } });
        expect(after.status).toBe(200);
        await after.arrayBuffer();
      } finally {
        server.close();
      }
      // Give the compressors time to flush what they still held into the cancelled streams.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onCrash);
    }
  });
});
