import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { bundledPlaceIndex, type PlaceTree } from '../../src/domain/places/place-tree';
import type { ApiEnvelope } from '../../src/domain/user';
import { chooseEncoding } from '../http/compression';

/**
 * GET /api/v1/places: the whole place tree `{divisions, districts, upazilas, areas}` (src/domain/places). Public
 * (the names of Bangladesh's places are no secret) and the same for everyone until a deploy changes the data, so
 * the body is made and compressed once per process (Brotli at its best, and gzip), not per request, and answered
 * with an ETag and a long max-age; a request naming the ETag in If-None-Match gets 304 and no body. The app
 * ships the same tree, so its pickers work offline; this is for a client that wants the server's copy.
 */

export const PLACES_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';

type Variant = { bytes: Uint8Array<ArrayBuffer>; etag: string; encoding?: 'br' | 'gzip' };
interface PlacesBodies {
  identity: Variant;
  br: Variant;
  gzip: Variant;
  /** Every variant's ETag: a client holding any of them holds the same tree. */
  etags: string[];
}

let bodies: PlacesBodies | undefined;
function placesBodies(): PlacesBodies {
  if (!bodies) {
    const envelope: ApiEnvelope<PlaceTree> = { success: true, message: 'Places', data: bundledPlaceIndex().tree };
    const json = Buffer.from(JSON.stringify(envelope));
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 22);
    const identity: Variant = { bytes: new Uint8Array(json), etag: `"${hash}"` };
    const br: Variant = {
      bytes: new Uint8Array(
        brotliCompressSync(json, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
        }),
      ),
      etag: `"${hash}-br"`,
      encoding: 'br',
    };
    const gzip: Variant = {
      bytes: new Uint8Array(gzipSync(json, { level: 9 })),
      etag: `"${hash}-gz"`,
      encoding: 'gzip',
    };
    bodies = { identity, br, gzip, etags: [identity.etag, br.etag, gzip.etag] };
  }
  return bodies;
}

/** True when an If-None-Match header names one of the ETags (or is `*`); weak and strong forms compare alike. */
export function matchesEtag(header: string | undefined, etags: readonly string[]): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || etags.includes(tag));
}

export function placeRoutes() {
  const routes = new Hono();
  routes.get('/', (c) => {
    const all = placesBodies();
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    const variant = encoding ? all[encoding] : all.identity;
    c.header('ETag', variant.etag);
    c.header('Cache-Control', PLACES_CACHE_CONTROL);
    c.header('Vary', 'Accept-Encoding');
    if (matchesEtag(c.req.header('If-None-Match'), all.etags)) return c.body(null, 304);
    c.header('Content-Type', 'application/json; charset=UTF-8');
    if (variant.encoding) c.header('Content-Encoding', variant.encoding);
    return c.body(variant.bytes);
  });
  return routes;
}
