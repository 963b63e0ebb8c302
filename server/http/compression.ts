import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/**
 * Compresses text answers (JSON lists, scripts, styles, the shell) for browsers that accept it: Brotli where
 * offered, else gzip. Every byte counts on slow, costly mobile data. Hashed build assets never change, so each
 * is compressed once, at Brotli's best, and kept; answers that change (the API) use a quick setting instead.
 */

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml)|image\/svg\+xml)/;
const IMMUTABLE_PATH = /^\/assets\//;
const CACHE_MAX_ENTRIES = 500;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** The encoding to answer with, from the request's Accept-Encoding (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    offered.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

function encode(body: Uint8Array, encoding: Encoding, best: boolean): Promise<Uint8Array> {
  if (encoding === 'gzip') return gzipAsync(body, { level: best ? 9 : 6 });
  return brotli(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: best ? 11 : 4,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

/**
 * A compressor for an answer of unknown length, at the quick setting of the API's answers. Written by hand
 * because Node's Duplex.toWeb queues up to 16,384 chunks ahead of the compressor (its byte limit is taken as a
 * chunk count): here each chunk waits until the compressor has taken the one before, and the TransformStream
 * holds the next one back until the client has read what came out.
 */
function encodingStream(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const compressor =
    encoding === 'gzip'
      ? createGzip({ level: 6 })
      : createBrotliCompress({
          params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
        });
  // Once the client has gone, the compressor may still emit what it held: enqueueing that into the closed stream
  // throws inside an event listener, where nothing catches it and the whole server process dies. So output after
  // the end is dropped, and the compressor is let go.
  let open = true;
  const stop = () => {
    open = false;
    compressor.destroy();
  };
  // `cancel` (the client went away) is in the Streams standard and Node 20, not yet in TypeScript's DOM types.
  const transformer: Transformer<Uint8Array, Uint8Array> & { cancel: () => void } = {
    start(controller) {
      compressor.on('data', (chunk: Buffer) => {
        if (!open) return;
        try {
          controller.enqueue(new Uint8Array(chunk));
        } catch {
          stop();
        }
      });
      compressor.on('error', (error) => {
        if (!open) return;
        open = false;
        try {
          controller.error(error);
        } catch {
          // Already closed: nobody is reading.
        }
      });
    },
    transform(chunk) {
      return new Promise<void>((resolve, reject) => {
        compressor.write(chunk, (error) => (error ? reject(error) : resolve()));
      });
    },
    flush() {
      return new Promise<void>((resolve) => {
        compressor.once('end', resolve);
        compressor.end();
      });
    },
    cancel() {
      stop();
    },
  };
  return new TransformStream(transformer);
}

/** A strong ETag names exact bytes, which compression changes; a weak one (W/"...") names the meaning and stays. */
function dropStrongEtag(headers: Headers): void {
  if (!headers.get('ETag')?.startsWith('W/')) headers.delete('ETag');
}

export function compression(): MiddlewareHandler {
  const assetCache = new Map<string, Uint8Array>();
  return async (c, next) => {
    await next();
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const response = c.res;
    const type = response.headers.get('Content-Type') ?? '';
    if (
      !encoding ||
      c.req.method === 'HEAD' ||
      response.status === 204 ||
      response.status === 304 ||
      response.headers.has('Content-Encoding') ||
      response.headers.get('Cache-Control')?.includes('no-transform') ||
      !COMPRESSIBLE.test(type) ||
      // An event stream never ends: each event must leave as it is written, not when a compressor's block fills.
      type.startsWith('text/event-stream')
    ) {
      return;
    }
    response.headers.append('Vary', 'Accept-Encoding');
    const chunked = /chunked/i.test(response.headers.get('Transfer-Encoding') ?? '');
    const length = Number(response.headers.get('Content-Length') ?? Number.NaN);
    // Decided from the headers alone where they tell: reading `body` turns @hono/node-server's light answer
    // into a full web Response, a cost that every small JSON answer would pay for nothing.
    if (!chunked && length < MIN_BYTES) return;
    if (!response.body) return;
    if (chunked) {
      // Streamed on purpose (a long list, server/http/streamed-list.ts): compressed as it flows, never held whole.
      const headers = new Headers(response.headers);
      headers.set('Content-Encoding', encoding);
      headers.delete('Content-Length');
      dropStrongEtag(headers);
      c.res = undefined;
      c.res = new Response(response.body.pipeThrough(encodingStream(encoding)), {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
      return;
    }
    const immutable = IMMUTABLE_PATH.test(c.req.path) && response.status === 200;
    const cacheKey = `${encoding} ${c.req.path}`;
    let compressed = immutable ? assetCache.get(cacheKey) : undefined;
    if (!compressed) {
      const body = new Uint8Array(await response.arrayBuffer());
      if (body.byteLength < MIN_BYTES) {
        c.res = new Response(body as Uint8Array<ArrayBuffer>, response);
        return;
      }
      compressed = await encode(body, encoding, immutable);
      if (immutable) {
        if (assetCache.size >= CACHE_MAX_ENTRIES) assetCache.delete(assetCache.keys().next().value!);
        assetCache.set(cacheKey, compressed);
      }
    }
    const headers = new Headers(response.headers);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(compressed.byteLength));
    dropStrongEtag(headers);
    c.res = undefined; // Hono needs the old answer cleared before a new one is set
    c.res = new Response(compressed as Uint8Array<ArrayBuffer>, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
