import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Logger } from '../deps';
import { compression } from './compression';
import { streamedList } from './streamed-list';

interface Row {
  id: number;
  note: string;
}

const rows = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, note: `A quiet flat near the lake, number ${from + i}` }));

/** Pages of rows, counting how many have been read, optionally failing instead of giving page `failAt`. */
function pagesOf(pages: Row[][], options: { failAt?: number } = {}) {
  const progress = { read: 0, finished: false };
  async function* generate(): AsyncGenerator<Row[]> {
    try {
      for (const [n, page] of pages.entries()) {
        if (n === options.failAt) throw new Error('the database went away');
        progress.read += 1;
        yield page;
      }
    } finally {
      progress.finished = true;
    }
  }
  return { pages: generate(), progress };
}

function appServing(pages: AsyncIterable<Row[]>, logger?: Logger) {
  const app = new Hono();
  app.use('*', compression());
  app.get('/list', (c) => streamedList(c, 'Rows', pages, logger));
  return app;
}

describe('a streamed list', () => {
  it('is the envelope with every row of every page, in order, empty pages and all', async () => {
    const { pages } = pagesOf([rows(0, 3), [], rows(3, 2), rows(5, 1)]);
    const response = await appServing(pages).request('/list');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=UTF-8');
    expect(await response.json()).toEqual({ success: true, message: 'Rows', data: rows(0, 6) });
  });

  it('is an empty array when there are no rows', async () => {
    const { pages } = pagesOf([]);
    expect(await (await appServing(pages).request('/list')).json()).toEqual({
      success: true,
      message: 'Rows',
      data: [],
    });
  });

  it('reads the next page only when the client reads on', async () => {
    const { pages, progress } = pagesOf([rows(0, 10), rows(10, 10), rows(20, 10)]);
    const response = await appServing(pages).request('/list');
    expect(progress.read).toBe(0);
    const reader = response.body!.getReader();
    await reader.read(); // the envelope's start
    await reader.read(); // the first page
    expect(progress.read).toBe(1);
    await reader.cancel();
    expect(progress.finished).toBe(true);
    expect(progress.read).toBe(1);
  });

  it('breaks off, never ending as valid JSON, when a page cannot be read', async () => {
    const errors: unknown[] = [];
    const logger: Logger = { info: () => undefined, error: (_message, error) => errors.push(error) };
    const { pages } = pagesOf([rows(0, 5), rows(5, 5)], { failAt: 1 });
    const response = await appServing(pages, logger).request('/list');
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow('the database went away');
    expect(errors).toHaveLength(1);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('is compressed with %s as it flows, not collected first', async (encoding, decompress) => {
    const { pages, progress } = pagesOf(Array.from({ length: 40 }, (_, n) => rows(n * 200, 200)));
    const response = await appServing(pages).request('/list', { headers: { 'Accept-Encoding': encoding } });
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('content-length')).toBeNull();
    expect(progress.read).toBeLessThan(40);
    const text = decompress(new Uint8Array(await response.arrayBuffer())).toString();
    expect(JSON.parse(text)).toEqual({ success: true, message: 'Rows', data: rows(0, 8000) });
  });

  it('goes over a real connection in chunks, compressed or not', async () => {
    const app = new Hono();
    app.use('*', compression());
    app.get('/list', (c) => streamedList(c, 'Rows', pagesOf([rows(0, 3000), rows(3000, 3000)]).pages));
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started));
    });
    const { port } = server.address() as AddressInfo;
    const fetchRaw = (headers: Record<string, string>) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        get(`http://127.0.0.1:${port}/list`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
          response.on('error', reject);
        }).on('error', reject);
      });
    try {
      const expected = { success: true, message: 'Rows', data: rows(0, 6000) };
      const compressed = await fetchRaw({ 'accept-encoding': 'br' });
      expect(compressed.headers['transfer-encoding']).toBe('chunked');
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(compressed.body).toString())).toEqual(expected);
      const plain = await fetchRaw({ 'accept-encoding': 'identity' });
      expect(plain.headers['transfer-encoding']).toBe('chunked');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(plain.body.toString())).toEqual(expected);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
