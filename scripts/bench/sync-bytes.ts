import type { RentPost } from '../../src/domain/rent-post';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import { RENT_ADS_PER_DAY } from '../../src/domain/posting-limits';
import {
  API,
  createRentAd,
  getOnTheWire,
  posterOf,
  signUpPosters,
  uploadPhotosForAds,
  type MailUrl,
  type Session,
} from './api';
import { round } from './stats';

/**
 * Section b: bytes on the wire. The full first sync (`?since=0`, all its pages) as a browser gets it
 * (Accept-Encoding: br, gzip), a delta after 100 changes (`?since=<cursor>` after 100 new ads), and the plain
 * list the old way downloads on every visit, uncompressed as the old server sent it.
 */

export const DELTA_CHANGES = 100;
const COMPRESSED = { 'accept-encoding': 'br, gzip' };
const IDENTITY = { 'accept-encoding': 'identity' };

export interface SyncBytesResult {
  /** Every page of it, added up. */
  fullSync: { wireBytes: number; encoding: string; rawBytes: number; rows: number; pages: number };
  delta: { wireBytes: number; encoding: string; rawBytes: number; rows: number; deleted: number };
  /** Delta bytes over full-sync bytes, both compressed. */
  deltaRatio: number;
  oldWay: { rawBytes: number; gzipWireBytes: number; encoding: string; rows: number };
  /** The old way's uncompressed list over the compressed full sync. */
  fullSyncVsOldWay: number;
}

/** A whole sync from `since` as the app reads it, page after page: its bytes added up, its rows counted. */
async function syncOnTheWire(url: (query: string) => string, headers: Record<string, string>, since: string) {
  const total = { wireBytes: 0, encoding: 'identity', rows: 0, deleted: 0, pages: 0, cursor: since };
  for (let more = true; more;) {
    const answer = await getOnTheWire(url(`?since=${encodeURIComponent(total.cursor)}`), headers);
    if (answer.status !== 200) throw new Error(`sync from ${since} answered ${answer.status}`);
    const page = (JSON.parse(answer.body.toString()) as { data: SyncDelta<RentPost> }).data;
    total.wireBytes += answer.wireBytes;
    total.encoding = answer.encoding;
    total.rows += page.changed.length;
    total.deleted += page.deleted.length;
    total.pages += 1;
    total.cursor = page.cursor;
    more = page.more;
  }
  return total;
}

export async function runSyncBytes(baseUrl: string, mailUrl: MailUrl, session: Session): Promise<SyncBytesResult> {
  const auth = { authorization: `Bearer ${session.token}` };
  const url = (query: string) => `${baseUrl}${API}/rent/rent-posts${query}`;

  const full = await syncOnTheWire(url, { ...auth, ...COMPRESSED }, '0');
  const fullRaw = await syncOnTheWire(url, { ...auth, ...IDENTITY }, '0');

  // One account may post only so many ads a day: the 100 come from fresh verified accounts, as many as that
  // takes, each showing a photo its poster uploaded.
  const posters = await signUpPosters(baseUrl, mailUrl, Math.ceil(DELTA_CHANGES / RENT_ADS_PER_DAY));
  const photos = await uploadPhotosForAds(baseUrl, posters, DELTA_CHANGES);
  for (const [n, photo] of photos.entries()) await createRentAd(baseUrl, posterOf(posters, n), photo, n);

  const delta = await syncOnTheWire(url, { ...auth, ...COMPRESSED }, full.cursor);
  const deltaRaw = await syncOnTheWire(url, { ...auth, ...IDENTITY }, full.cursor);

  const oldRaw = await getOnTheWire(url(''), { ...auth, ...IDENTITY });
  const oldGzip = await getOnTheWire(url(''), { ...auth, 'accept-encoding': 'gzip' });
  const oldRows = (JSON.parse(oldRaw.body.toString()) as { data: RentPost[] }).data.length;

  return {
    fullSync: {
      wireBytes: full.wireBytes,
      encoding: full.encoding,
      rawBytes: fullRaw.wireBytes,
      rows: full.rows,
      pages: full.pages,
    },
    delta: {
      wireBytes: delta.wireBytes,
      encoding: delta.encoding,
      rawBytes: deltaRaw.wireBytes,
      rows: delta.rows,
      deleted: delta.deleted,
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
