import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { RENT_ADS_PER_DAY } from '../../src/domain/posting-limits';
import { RENT_IMAGES_MAX, type RentPost } from '../../src/domain/rent-post';
import type { SyncDelta } from '../../src/domain/sync-cursor';
import { DEMO_PASSWORD, DEMO_USERS } from '../../server/seed/demo-data';

/**
 * Talking to the benchmark stack from Node: signing in, counting bytes on the wire, making verified accounts,
 * uploading photos and posting rent ads.
 */

export const API = '/api/v1';

export interface Session {
  token: string;
  userId: string;
  email: string;
}

/** Signs a demo user in as the app does: Firebase (the emulator, through the server's proxy), then Basha. */
export async function signInDemoUser(baseUrl: string, index = 0): Promise<Session> {
  const user = DEMO_USERS[index];
  if (!user) throw new Error(`no demo user ${index}`);
  const identity = await postJson<{ idToken: string }>(
    `${baseUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { email: user.email, password: DEMO_PASSWORD, returnSecureToken: true },
  );
  const found = await postJson<{ data: { _id: string }[] }>(
    `${baseUrl}${API}/user/find-id`,
    { email: user.email },
    identity.idToken,
  );
  const userId = found.data[0]?._id;
  if (!userId) throw new Error(`no Basha id for ${user.email}`);
  const session = await postJson<{ data: string }>(
    `${baseUrl}${API}/user/sign-in-token/${userId}`,
    {},
    identity.idToken,
  );
  return { token: session.data, userId, email: user.email };
}

async function postJson<T>(
  url: string,
  body: unknown,
  bearer?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function getJson<T>(url: string, bearer: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${bearer}` } });
  if (!response.ok) throw new Error(`GET ${new URL(url).pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface WireAnswer {
  status: number;
  /** Body bytes as received, before any decoding. */
  wireBytes: number;
  /** `br`, `gzip`, `deflate` or `identity`. */
  encoding: string;
  /** The decoded body. */
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

/** A GET whose body bytes are counted exactly as sent (Node's fetch would decode them silently). */
export function getOnTheWire(url: string, headers: Record<string, string>): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = String(response.headers['content-encoding'] ?? 'identity');
        try {
          const body =
            encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : encoding === 'deflate'
                  ? inflateSync(raw)
                  : raw;
          resolve({
            status: response.statusCode ?? 0,
            wireBytes: raw.length,
            encoding,
            body,
            headers: response.headers,
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    request.on('error', reject);
    request.setTimeout(60_000, () => request.destroy(new Error(`GET ${url} timed out`)));
  });
}

/** Every page of a rent sync from `since`, as the app reads them: the rows, the final cursor, the pages. */
export async function syncAllPages(
  baseUrl: string,
  session: Session,
  since = '0',
): Promise<{ changed: RentPost[]; deleted: string[]; cursor: string; pages: number }> {
  const all = { changed: [] as RentPost[], deleted: [] as string[], cursor: since, pages: 0 };
  for (let more = true; more;) {
    const page = (
      await getJson<{ data: SyncDelta<RentPost> }>(
        `${baseUrl}${API}/rent/rent-posts?since=${encodeURIComponent(all.cursor)}`,
        session.token,
      )
    ).data;
    all.changed.push(...page.changed);
    all.deleted.push(...page.deleted);
    all.cursor = page.cursor;
    all.pages += 1;
    more = page.more;
  }
  return all;
}

/** The maildev inbox of a stack (its REST API), e.g. `http://127.0.0.1:1281`. */
export type MailUrl = string;

/**
 * Fresh accounts to post the benchmark's ads and photos, signed up as a newcomer does (Firebase through the
 * server's proxy, then Basha) and with their e-mail verified by the code mailed to maildev at `mailUrl`, since
 * posting and its photo uploads need a verified address. One account may post RENT_ADS_PER_DAY ads a day
 * (src/domain/posting-limits.ts), so a run that posts more spreads its ads over as many accounts as it needs
 * (see posterOf).
 */
export async function signUpPosters(baseUrl: string, mailUrl: MailUrl, count: number): Promise<Session[]> {
  const posters: Session[] = [];
  // A few at a time: the emulator writes its export after every new account.
  for (let start = 0; start < count; start += 5) {
    const batch = Array.from({ length: Math.min(5, count - start) }, async () => {
      const session = await signUpPoster(baseUrl);
      await verifyEmail(baseUrl, mailUrl, session);
      return session;
    });
    posters.push(...(await Promise.all(batch)));
  }
  return posters;
}

async function signUpPoster(baseUrl: string): Promise<Session> {
  const email = `bench-poster-${randomUUID().slice(0, 8)}@example.com`;
  const identity = await postJson<{ idToken: string }>(
    `${baseUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { email, password: DEMO_PASSWORD, returnSecureToken: true },
  );
  const created = await postJson<{ data: { _id: string } }>(
    `${baseUrl}${API}/user/create-new`,
    {
      name: 'Bench Poster',
      email,
      phoneNumber: '+880 1711-000000',
      nid: '1990123456789',
      gender: 'Male',
      nationality: 'Bangladeshi',
      occupation: 'Landlord',
      dateOfBirth: '1990-05-17',
      address: { street: 'House 7, Road 2, Mirpur 10', city: 'Dhaka', postalCode: '1216' },
      socialMedia: {},
      profileImage: null,
    },
    identity.idToken,
  );
  const userId = created.data._id;
  const session = await postJson<{ data: string }>(
    `${baseUrl}${API}/user/sign-in-token/${userId}`,
    {},
    identity.idToken,
  );
  return { token: session.data, userId, email };
}

/** Verifies the account's e-mail as a person does: a code mailed on request, read from maildev, sent back. */
export async function verifyEmail(baseUrl: string, mailUrl: MailUrl, session: Session): Promise<void> {
  const sent = await fetch(`${baseUrl}${API}/user/generate-otp/${session.userId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${session.token}` },
  });
  if (!sent.ok) throw new Error(`PATCH /user/generate-otp: ${sent.status} ${await sent.text()}`);
  await postJson(
    `${baseUrl}${API}/user/validate-otp/${session.userId}`,
    { otp: await mailedCode(mailUrl, session.email) },
    session.token,
  );
}

/** The code of the newest verification mail to `email` in maildev. */
export async function mailedCode(mailUrl: MailUrl, email: string): Promise<string> {
  for (let tries = 0; tries < 100; tries += 1) {
    const response = await fetch(`${mailUrl}/email`);
    if (!response.ok) throw new Error(`GET ${mailUrl}/email: ${response.status}`);
    const mails = (await response.json()) as { to: { address: string }[]; text: string }[];
    const mail = mails.filter((each) => each.to.some((to) => to.address === email)).at(-1);
    const code = mail && /verification code is (\d{6})/.exec(mail.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail reached ${email}`);
}

/**
 * The account that posts the `n`-th ad (from 0): each in turn, so that parallel posts come from different people
 * (as they would), up to RENT_ADS_PER_DAY ads apiece.
 */
export function posterOf(posters: readonly Session[], n: number): Session {
  const poster = posters[n % posters.length];
  if (!poster || n >= posters.length * RENT_ADS_PER_DAY)
    throw new Error(`ad ${n} needs more than ${posters.length} posters`);
  return poster;
}

// Photos the posters upload: small drawings of a block of flats against the sky, in colours and places of their own,
// JPEG and WebP in turn. Their card thumbnails weigh 2.5 to 3.5 KB, as the demo scenes' do (2.3 to 4.7 KB), so the
// lists that show these ads later (Lighthouse) load about what they did before.
const PHOTO_WIDTH = 640;
const PHOTO_HEIGHT = 480;
const PHOTO_VARIANTS = 10;
/**
 * Upload requests in flight at once: the server encodes photos one or a few at a time and answers 503 (with
 * Retry-After) when more than a dozen wait (server/images/image-work.ts).
 */
const UPLOADS_IN_FLIGHT = 3;

interface PhotoFile {
  /** A copy in an ArrayBuffer of its own, as a Blob takes it. */
  bytes: Uint8Array<ArrayBuffer>;
  type: string;
  name: string;
}

let photoFiles: Promise<PhotoFile[]> | undefined;

function benchPhotos(): Promise<PhotoFile[]> {
  photoFiles ??= Promise.all(
    Array.from({ length: PHOTO_VARIANTS }, async (_, variant) => {
      const pixels = Buffer.alloc(PHOTO_WIDTH * PHOTO_HEIGHT * 3);
      const sky = [(variant * 53) % 200, (variant * 97 + 80) % 200, (variant * 31 + 160) % 200] as const;
      const house = { left: 60 + variant * 30, top: 140, right: 340 + variant * 30, bottom: 420 };
      for (let y = 0; y < PHOTO_HEIGHT; y += 1) {
        for (let x = 0; x < PHOTO_WIDTH; x += 1) {
          const inHouse = x >= house.left && x < house.right && y >= house.top && y < house.bottom;
          const [column, floor] = [(x - house.left) % 48, (y - house.top) % 56];
          const inWindow = inHouse && column >= 16 && column < 40 && floor >= 16 && floor < 44;
          const rgb = inWindow
            ? [60 + (x % 7) * 8, 90, 120 + (y % 5) * 10]
            : inHouse
              ? [230 - sky[0] / 4, 210 - ((x * 7 + y * 3) % 11), 180]
              : [sky[0] + (x >> 4), sky[1] + (y >> 4), sky[2] + ((x + y) >> 5)];
          pixels.set(rgb, (y * PHOTO_WIDTH + x) * 3);
        }
      }
      const image = sharp(pixels, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } });
      return variant % 2 === 0
        ? {
            bytes: new Uint8Array(await image.jpeg({ quality: 80 }).toBuffer()),
            type: 'image/jpeg',
            name: `flat-${variant}.jpg`,
          }
        : {
            bytes: new Uint8Array(await image.webp({ quality: 80 }).toBuffer()),
            type: 'image/webp',
            name: `flat-${variant}.webp`,
          };
    }),
  );
  return photoFiles;
}

/**
 * Uploads `count` rent photos as `session`'s own through `POST /image/upload-properties`, RENT_IMAGES_MAX per
 * request as the post form sends them; answers their URLs, each for one ad. A 503 (the server's photo queue is
 * full) is tried again after its Retry-After.
 */
export async function uploadRentPhotos(baseUrl: string, session: Session, count: number): Promise<string[]> {
  const photos = await benchPhotos();
  const urls: string[] = [];
  while (urls.length < count) {
    const form = new FormData();
    for (let i = 0; i < Math.min(RENT_IMAGES_MAX, count - urls.length); i += 1) {
      const photo = photos[(urls.length + i) % photos.length] as PhotoFile;
      form.append('propertyImage', new Blob([photo.bytes], { type: photo.type }), photo.name);
    }
    const response = await fetch(`${baseUrl}${API}/image/upload-properties`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
      body: form,
    });
    if (response.status === 503) {
      await response.arrayBuffer();
      const waitS = Number(response.headers.get('retry-after') ?? 5);
      await new Promise((resolve) => setTimeout(resolve, waitS * 1000));
      continue;
    }
    if (!response.ok) throw new Error(`POST /image/upload-properties: ${response.status} ${await response.text()}`);
    urls.push(...((await response.json()) as { data: { urls: string[] } }).data.urls);
  }
  return urls;
}

/**
 * The photo of each of `ads` ads, uploaded beforehand by the account that will post it (posterOf): the `n`-th URL
 * is for ad `n`. A poster uploads RENT_ADS_PER_DAY photos at most, in a handful of requests, far below the upload
 * limit (60 requests in 10 minutes per account).
 */
export async function uploadPhotosForAds(baseUrl: string, posters: readonly Session[], ads: number): Promise<string[]> {
  const perPoster = posters.map((_, p) => Math.max(0, Math.ceil((ads - p) / posters.length)));
  posterOf(posters, ads - 1); // more ads than the posters may post: refused before any upload
  const uploaded: string[][] = new Array<string[]>(posters.length);
  let next = 0;
  const worker = async () => {
    while (next < posters.length) {
      const p = next;
      next += 1;
      uploaded[p] = await uploadRentPhotos(baseUrl, posters[p] as Session, perPoster[p] ?? 0);
    }
  };
  await Promise.all(Array.from({ length: UPLOADS_IN_FLIGHT }, worker));
  return Array.from({ length: ads }, (_, n) => {
    const url = uploaded[n % posters.length]?.[Math.floor(n / posters.length)];
    if (!url) throw new Error(`no photo uploaded for ad ${n}`);
    return url;
  });
}

/** The body of `POST /rent/create` for a new ad showing `imageUrl`. */
export function newRentAd(imageUrl: string, n: number) {
  const start = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  return {
    category: 'flat',
    cost: 20_000 + (n % 50) * 500,
    rentPaymentFrequency: 'monthly',
    rentStartDate: start,
    contactInfo: '+880 1711-234567',
    addressLine: `House ${n % 200}, Road 4, Dhanmondi`,
    city: 'Dhaka',
    postalCode: '1205',
    details: 'Benchmark flat: two bedrooms, a balcony, a lift and gas, close to the main road.',
    imageUrls: [imageUrl],
  };
}

/** Posts one rent ad through the API, as the outbox does (with a fresh Idempotency-Key). */
export async function createRentAd(baseUrl: string, session: Session, imageUrl: string, n: number): Promise<RentPost> {
  const answer = await postJson<{ data: RentPost }>(
    `${baseUrl}${API}/rent/create`,
    newRentAd(imageUrl, n),
    session.token,
    {
      'idempotency-key': randomUUID(),
    },
  );
  return answer.data;
}
