import type { RentPost } from '../../src/domain/rent-post';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import { API, createRentAd, getOnTheWire, placeRentPhotos, type Session } from './api';
import { round } from './stats';

/**
 * Section b: bytes on the wire. The full first sync (`?since=0`) as a browser gets it (Accept-Encoding: br,
 * gzip), a delta after 100 changes (`?since=<cursor>` after 100 new ads), and the plain list the old way
 * downloads on every visit, uncompressed as the old server sent it.
 */

export const DELTA_CHANGES = 100;
const COMPRESSED = { 'accept-encoding': 'br, gzip' };
const IDENTITY = { 'accept-encoding': 'identity' };

export interface SyncBytesResult {
  fullSync: { wireBytes: number; encoding: string; rawBytes: number; rows: number };
  delta: { wireBytes: number; encoding: string; rawBytes: number; rows: number; deleted: number };
  /** Delta bytes over full-sync bytes, both compressed. */
  deltaRatio: number;
  oldWay: { rawBytes: number; gzipWireBytes: number; encoding: string; rows: number };
  /** The old way's uncompressed list over the compressed full sync. */
  fullSyncVsOldWay: number;
}

export async function runSyncBytes(baseUrl: string, uploadsDir: string, session: Session): Promise<SyncBytesResult> {
  const auth = { authorization: `Bearer ${session.token}` };
  const url = (query: string) => `${baseUrl}${API}/rent/rent-posts${query}`;

  const full = await getOnTheWire(url('?since=0'), { ...auth, ...COMPRESSED });
  if (full.status !== 200) throw new Error(`full sync answered ${full.status}`);
  const fullData = (JSON.parse(full.body.toString()) as { data: SyncDelta<RentPost> }).data;
  const fullRaw = await getOnTheWire(url('?since=0'), { ...auth, ...IDENTITY });

  const photos = placeRentPhotos(uploadsDir, DELTA_CHANGES);
  for (const [n, photo] of photos.entries()) await createRentAd(baseUrl, session, photo, n);

  const delta = await getOnTheWire(url(`?since=${fullData.cursor}`), { ...auth, ...COMPRESSED });
  if (delta.status !== 200) throw new Error(`delta answered ${delta.status}`);
  const deltaData = (JSON.parse(delta.body.toString()) as { data: SyncDelta<RentPost> }).data;
  const deltaRaw = await getOnTheWire(url(`?since=${fullData.cursor}`), { ...auth, ...IDENTITY });

  const oldRaw = await getOnTheWire(url(''), { ...auth, ...IDENTITY });
  const oldGzip = await getOnTheWire(url(''), { ...auth, 'accept-encoding': 'gzip' });
  const oldRows = (JSON.parse(oldRaw.body.toString()) as { data: RentPost[] }).data.length;

  return {
    fullSync: {
      wireBytes: full.wireBytes,
      encoding: full.encoding,
      rawBytes: fullRaw.wireBytes,
      rows: fullData.changed.length,
    },
    delta: {
      wireBytes: delta.wireBytes,
      encoding: delta.encoding,
      rawBytes: deltaRaw.wireBytes,
      rows: deltaData.changed.length,
      deleted: deltaData.deleted.length,
    },
    deltaRatio: round(delta.wireBytes / full.wireBytes, 4),
    oldWay: { rawBytes: oldRaw.wireBytes, gzipWireBytes: oldGzip.wireBytes, encoding: oldGzip.encoding, rows: oldRows },
    fullSyncVsOldWay: round(oldRaw.wireBytes / full.wireBytes, 2),
  };
}

export interface ThumbnailResult {
  count: number;
  medianBytes: number;
  maxBytes: number;
  largest: string;
  overBudget: number;
}

/** Every distinct card photo (rent thumbnails, service cover thumbnails) of the listings, as served. */
export async function measureThumbnails(
  baseUrl: string,
  urls: readonly string[],
  budgetBytes: number,
): Promise<ThumbnailResult> {
  const distinct = [...new Set(urls)];
  const sizes: { url: string; bytes: number }[] = [];
  for (const url of distinct) {
    const answer = await getOnTheWire(`${baseUrl}${url}`, {});
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    sizes.push({ url, bytes: answer.wireBytes });
  }
  sizes.sort((a, b) => a.bytes - b.bytes);
  const largest = sizes[sizes.length - 1];
  return {
    count: sizes.length,
    medianBytes: sizes[Math.floor(sizes.length / 2)]?.bytes ?? 0,
    maxBytes: largest?.bytes ?? 0,
    largest: largest?.url ?? '',
    overBudget: sizes.filter((size) => size.bytes > budgetBytes).length,
  };
}
