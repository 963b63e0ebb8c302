import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rentPosts, reviews, services, users, type StoredPhoto } from '../db/schema';
import { encodeListingPhoto, saveListingPhoto } from '../images/listing-photos';
import { createLocalImageStorage } from '../images/storage';
import { userRow } from '../test/rows';
import { testContextForFile } from '../test/test-app';
import { PUBLIC_PAGE_CACHE } from './public-pages';

const ctx = testContextForFile();

const PHONE = '+880 1712-345678';
const STREET = 'House 12, Road 7, Block C';

async function addUser(name: string, changes: Partial<typeof users.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await ctx.db
    .insert(users)
    .values(userRow(id, { id, name, phoneNumber: PHONE, street: 'Secret street 1', postalCode: '1207', ...changes }));
  return id;
}

async function storedPhoto(): Promise<StoredPhoto> {
  const bytes = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#2a9d8f' } })
    .jpeg()
    .toBuffer();
  return saveListingPhoto(createLocalImageStorage(ctx.config.uploadsDir), await encodeListingPhoto(bytes), 'rent');
}

async function addAd(userId: string, changes: Partial<typeof rentPosts.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await ctx.db.insert(rentPosts).values({
    id,
    userId,
    category: 'family-room',
    cost: 18000,
    rentPaymentFrequency: 'monthly',
    rentStartDate: '2026-12-01',
    contactInfo: PHONE,
    addressLine: STREET,
    city: 'Dhaka',
    postalCode: '1207',
    placeId: null,
    details: 'Two bedrooms, a balcony facing the lake and gas all day. Call 01712-345678 or ০১৭১২৩৪৫৬৭৮ any time.',
    propertyType: 'Family Room',
    photos: changes.photos ?? [await storedPhoto()],
    ...changes,
  });
  return id;
}

async function addService(providerId: string, changes: Partial<typeof services.$inferInsert> = {}): Promise<string> {
  const id = randomUUID();
  await ctx.db.insert(services).values({
    id,
    providerId,
    category: 'Electrician',
    contactNumber: PHONE,
    addressLine: STREET,
    serviceArea: ['Mirpur', 'Pallabi'],
    description: 'Wiring, fans and lights fixed the same day, with a written guarantee.',
    minimumPrice: 500,
    maximumPrice: 3000,
    availableDays: ['Monday', 'Tuesday'],
    availableTime: 'day',
    ...changes,
  });
  return id;
}

const page = (path: string, headers: Record<string, string> = {}) => ctx.app.request(path, { headers });
const metaContent = (html: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(html)?.[1];

describe('the public rent ad page', () => {
  it('is served to a signed-out visitor as HTML with the ad, its title, description and preview tags', async () => {
    const owner = await addUser('Rahima Khatun');
    const id = await addAd(owner);
    const response = await page(`/rent/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<title>Family Room for rent in Dhaka | Basha</title>');
    expect(metaContent(html, 'name', 'description')).toMatch(/^BDT\s18,000\/monthly\. Two bedrooms/);
    expect(html).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}/rent/${id}">`);
    expect(metaContent(html, 'property', 'og:title')).toBe('Family Room for rent in Dhaka');
    expect(metaContent(html, 'property', 'og:url')).toBe(`${ctx.config.publicUrl}/rent/${id}`);
    expect(metaContent(html, 'property', 'og:type')).toBe('article');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const image = metaContent(html, 'property', 'og:image') ?? '';
    expect(image).toMatch(new RegExp(`^${ctx.config.publicUrl}/share/og/rent/[0-9a-f-]+\\.jpg$`));
    expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
    // The content is in the HTML itself: no script is needed to see it.
    expect(html).toContain('Rahima Khatun');
    expect(html).not.toContain('<script');
    expect(html).toContain(`href="/main/view-rent/${id}">See the number on Basha</a>`);

    const preview = await page(new URL(image).pathname);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const size = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([size.width, size.height, size.format]).toEqual([1200, 630, 'jpeg']);
  });

  it('names each of the other photos, so that a screen reader says where its link leads', async () => {
    const owner = await addUser('Rahima Khatun');
    const id = await addAd(owner, { photos: [await storedPhoto(), await storedPhoto(), await storedPhoto()] });
    const html = await (await page(`/rent/${id}`)).text();
    const thumbs = [...html.matchAll(/<li><a href="[^"]+"><img [^>]*alt="([^"]*)"/g)].map((match) => match[1]);
    expect(thumbs).toEqual(['Photo 2 of 3', 'Photo 3 of 3']);
  });

  it('leaves out the phone number (however it was typed) and the street line', async () => {
    const id = await addAd(await addUser('Karim'));
    const html = await (await page(`/rent/${id}`)).text();
    expect(html).not.toContain('1712');
    expect(html).not.toContain('১৭১২');
    expect(html).not.toContain(STREET);
    expect(html).not.toContain('Secret street');
    expect(html).toContain('Call ••• or ••• any time.');
  });

  it('masks a number however it is separated or whatever digits it is in, and drops bidi controls, in the page and its preview (issue 38)', async () => {
    const poster = await addUser('Karim \u202eUddin');
    const id = await addAd(poster, {
      city: 'Dhaka \u202e',
      details: 'Gas and water all day. Call 01711/234/567, ০১৮১১.২৩৪.৫৬৭ or ０１９１１－２３４－５６７. \u202eemoh ym',
    });
    const html = await (await page(`/rent/${id}`)).text();
    for (const hidden of ['234', '২৩৪', '２３４', '\u202e']) expect(html).not.toContain(hidden);
    expect(html).toContain('Call •••, ••• or •••. emoh ym');
    expect(metaContent(html, 'property', 'og:description')).toContain('Call •••, ••• or •••. emoh ym');
    expect(html).toContain('Karim Uddin');
  });

  it('speaks Bangla when asked by ?lang=bn, the phone’s choice or Accept-Language', async () => {
    const id = await addAd(await addUser('Karim'));
    const byQuery = await (await page(`/rent/${id}?lang=bn`)).text();
    expect(byQuery).toContain('<html lang="bn">');
    expect(byQuery).toContain('বাসায় নম্বরটি দেখুন');
    expect(byQuery).toContain(`<link rel="canonical" href="${ctx.config.publicUrl}/rent/${id}?lang=bn">`);
    expect(metaContent(byQuery, 'property', 'og:locale')).toBe('bn_BD');
    const byHeader = await page(`/rent/${id}`, { 'accept-language': 'bn-BD,bn;q=0.9' });
    expect(await byHeader.text()).toContain('<html lang="bn">');
    expect(byHeader.headers.get('vary')).toMatch(/Accept-Language/);
    const byCookie = await page(`/rent/${id}?lang=en`, { cookie: 'basha-locale=bn' });
    expect(await byCookie.text()).toContain('<html lang="en">');
  });

  it('names the type, area and district from the place tree in the asked language, each language its own cache entry (issue 39)', async () => {
    const id = await addAd(await addUser('Karim'), { category: 'flat', placeId: 'ar-mirpur' });
    const bangla = await page(`/rent/${id}?lang=bn`);
    const bn = await bangla.text();
    expect(metaContent(bn, 'property', 'og:title')).toBe('মিরপুর, ঢাকায় ফ্ল্যাট ভাড়া');
    expect(bn).toContain('<h1>মিরপুর, ঢাকায় ফ্ল্যাট ভাড়া</h1>');
    expect(metaContent(bn, 'name', 'description')).toMatch(/^৳১৮,০০০\/মাস\. /);
    const english = await page(`/rent/${id}?lang=en`);
    const en = await english.text();
    expect(metaContent(en, 'property', 'og:title')).toBe('Flat for rent in Mirpur, Dhaka');
    // The address names the language, so a CDN keeps one copy of each; the ETags differ, and the preview image,
    // which holds no words, is the same photo for both.
    expect([bangla.headers.get('vary'), english.headers.get('vary')]).toEqual([null, null]);
    expect(bangla.headers.get('etag')).not.toBe(english.headers.get('etag'));
    expect(metaContent(bn, 'property', 'og:image')).toBe(metaContent(en, 'property', 'og:image'));
  });

  it('is cacheable by a CDN for a short time, with an ETag that answers 304', async () => {
    const id = await addAd(await addUser('Karim'));
    const first = await page(`/rent/${id}?lang=en`);
    expect(first.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE);
    expect(first.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    expect(first.headers.get('vary')).toBeNull();
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await page(`/rent/${id}?lang=en`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    // A change makes a new page, and the old ETag no longer matches.
    await ctx.db.update(rentPosts).set({ cost: 19000 }).where(eq(rentPosts.id, id));
    const changed = await page(`/rent/${id}?lang=en`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('19,000');
  });

  it('answers 404 for an unknown or malformed id and a Booked ad, 410 for a deleted one', async () => {
    const owner = await addUser('Karim');
    expect((await page(`/rent/${randomUUID()}`)).status).toBe(404);
    expect((await page('/rent/not-an-id')).status).toBe(404);
    const booked = await addAd(owner, { status: 'Booked' });
    expect((await page(`/rent/${booked}`)).status).toBe(404);
    const deleted = await addAd(owner, { deletedAt: new Date() });
    const gone = await page(`/rent/${deleted}`);
    expect(gone.status).toBe(410);
    const html = await gone.text();
    expect(html).toContain('This listing was removed');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('Two bedrooms');
    const blocked = await addUser('Blocked', { status: 'blocked' });
    expect((await page(`/rent/${await addAd(blocked)}`)).status).toBe(404);
    // Off the lists for want of confirmation (issue 21): not on offer either, until its owner confirms it.
    const unlisted = await addAd(owner, { unlistedAt: new Date() });
    expect((await page(`/rent/${unlisted}`)).status).toBe(404);
  });

  it('escapes what people typed, in text and in attributes', async () => {
    const attack = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`;
    const owner = await addUser(attack);
    const id = await addAd(owner, { details: `${attack} and a long enough description of the flat.`, city: attack });
    const html = await (await page(`/rent/${id}`)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('"><img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(title).toContain('&lt;script&gt;');
  });
});

describe('the public provider page', () => {
  it('shows the provider’s active services and reviews without their phone numbers or street', async () => {
    const provider = await addUser('Jamal Electric');
    const cover = await storedPhoto();
    const serviceId = await addService(provider, { coverImage: cover });
    await addService(provider, { category: 'Plumber', status: 'inactive' });
    const client = await addUser('Nusrat');
    await ctx.db.insert(reviews).values({
      serviceId,
      clientId: client,
      rating: 5,
      feedback: 'Came on time <b>and</b> fixed it. His number 01712345678 works.',
    });
    const response = await page(`/pros/${provider}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Jamal Electric: Electrician | Basha</title>');
    expect(metaContent(html, 'property', 'og:type')).toBe('profile');
    expect(metaContent(html, 'property', 'og:image')).toBe(
      `${ctx.config.publicUrl}${cover.url.replace('/uploads/', '/share/og/').replace('.webp', '.jpg')}`,
    );
    expect(metaContent(html, 'name', 'description')).toContain('Electrician in Mirpur, Pallabi');
    expect(html).toContain('Nusrat, 5/5');
    expect(html).toContain('Came on time &lt;b&gt;and&lt;/b&gt; fixed it.');
    expect(html).toContain('5.0/5 from 1 reviews');
    expect(html).not.toContain('Plumber');
    expect(html).not.toContain('1712');
    expect(html).not.toContain(STREET);
    expect(html).toContain(`href="/main/prof-profile/${provider}">See the number on Basha</a>`);
  });

  it('leaves out a review a moderator hid, from the list and from the rating', async () => {
    const provider = await addUser('Rafiq Paints');
    const serviceId = await addService(provider);
    const fair = await addUser('Fair client');
    const troll = await addUser('Troll');
    await ctx.db.insert(reviews).values([
      { serviceId, clientId: fair, rating: 5, feedback: 'Neat work, finished on the day he said.' },
      { serviceId, clientId: troll, rating: 1, feedback: 'Abusive words here', hiddenAt: new Date() },
    ]);
    const html = await (await page(`/pros/${provider}`)).text();
    expect(html).toContain('Neat work');
    expect(html).not.toContain('Abusive words');
    expect(html).toContain('5.0/5 from 1 reviews');
  });

  it('answers 404 without an active service, for an unknown id, and 410 once every service was deleted', async () => {
    const noServices = await addUser('Nobody');
    expect((await page(`/pros/${noServices}`)).status).toBe(404);
    const inactive = await addUser('Resting');
    await addService(inactive, { status: 'inactive' });
    expect((await page(`/pros/${inactive}`)).status).toBe(404);
    expect((await page(`/pros/${randomUUID()}`)).status).toBe(404);
    const left = await addUser('Moved away');
    await addService(left, { deletedAt: new Date() });
    expect((await page(`/pros/${left}`)).status).toBe(410);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('names the sitemap, which lists live public pages and not deleted or Booked ones', async () => {
    const robots = await (await page('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${ctx.config.publicUrl}/sitemap.xml`);
    expect(robots).toContain('Disallow: /main/');

    const owner = await addUser('Sitemap owner');
    const live = await addAd(owner);
    const deleted = await addAd(owner, { deletedAt: new Date() });
    const booked = await addAd(owner, { status: 'Booked' });
    const provider = await addUser('Sitemap provider');
    await addService(provider);
    ctx.clock.advance(10 * 60 * 1000);
    const response = await page('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(response.headers.get('cache-control')).toMatch(/s-maxage=\d+/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(xml).toContain(`<loc>${ctx.config.publicUrl}/rent/${live}</loc>`);
    expect(xml).toContain(`<loc>${ctx.config.publicUrl}/pros/${provider}</loc>`);
    expect(xml).not.toContain(deleted);
    expect(xml).not.toContain(booked);
    expect(xml).toContain(`<loc>${ctx.config.publicUrl}/</loc>`);
  });

  it('is kept for a few minutes, then read again', async () => {
    ctx.clock.advance(10 * 60 * 1000);
    const before = await (await page('/sitemap.xml')).text();
    const id = await addAd(await addUser('Late poster'));
    expect(await (await page('/sitemap.xml')).text()).toBe(before);
    ctx.clock.advance(10 * 60 * 1000);
    expect(await (await page('/sitemap.xml')).text()).toContain(`/rent/${id}`);
  });
});
