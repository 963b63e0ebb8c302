import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';

let ctx: TestContext;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'basha-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Basha</title></head></html>');
  writeFileSync(
    path.join(distDir, 'landing.html'),
    '<!doctype html><html><head><title>Basha</title></head><div id="first-screen"><h1>Hero</h1></div></html>',
  );
  writeFileSync(
    path.join(distDir, 'index.bn.html'),
    '<!doctype html><html lang="bn"><head><title>বাসা</title></head></html>',
  );
  writeFileSync(
    path.join(distDir, 'landing.bn.html'),
    '<!doctype html><html lang="bn"><head><title>বাসা</title></head><div id="first-screen"><h1>হিরো</h1></div></html>',
  );
  writeFileSync(
    path.join(distDir, 'route-preloads.json'),
    JSON.stringify([
      { path: '/main/view-rent/:id', js: ['assets/view-rent-page-1b2c.js'], css: ['assets/rent-9d8e.css'] },
    ]),
  );
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Basha"}');
  writeFileSync(path.join(distDir, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  writeFileSync(path.join(distDir, 'robots.txt'), 'User-agent: *');
  writeFileSync(path.join(distDir, 'assets', 'big-7c2e.js'), `console.log(${JSON.stringify('basha '.repeat(2000))});`);
  ctx = await createTestContext({ staticDir: distDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (requestPath: string, init?: RequestInit) => ctx.app.request(requestPath, init);

describe('serving the built app', () => {
  it('sends scripts as Brotli or gzip to browsers that accept them, and plain to those that do not', async () => {
    const squeezed = await get('/assets/big-7c2e.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(squeezed.headers.get('content-encoding')).toBe('br');
    expect(squeezed.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = new Uint8Array(await squeezed.arrayBuffer());
    expect(bytes.length).toBeLessThan(2000);
    expect(brotliDecompressSync(bytes).toString()).toContain('basha basha');
    const again = await get('/assets/big-7c2e.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    const zipped = await get('/assets/big-7c2e.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(new Uint8Array(await zipped.arrayBuffer())).toString()).toContain('basha basha');
    const plain = await get('/assets/big-7c2e.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(12_000);
  });

  it('serves the app shell at / without long caching, with the landing page’s first screen', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<title>Basha</title>');
    expect(page).toContain('<div id="first-screen"><h1>Hero</h1></div>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // Other pages get the plain shell: the first screen is the landing page's.
    expect(await (await get('/about')).text()).not.toContain('first-screen');
  });

  it('names a client route’s own chunks in the shell it answers with, so they load beside the entry', async () => {
    const page = await (await get('/main/view-rent/42')).text();
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/view-rent-page-1b2c.js">');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/rent-9d8e.css">');
    expect(page.indexOf('view-rent-page')).toBeLessThan(page.indexOf('</head>'));
    expect(await (await get('/main/profile/42')).text()).not.toContain('modulepreload');
  });

  it('answers client routes with the app shell (single-page fallback)', async () => {
    for (const route of ['/main/profile/123', '/auth/otp-validate/abc']) {
      const response = await get(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  // Issue 20: a path no page shows was answered 200 with the shell; it is now the same shell (the app draws its
  // not-found page) with a real 404.
  it('answers a path that no page shows with the app shell and HTTP 404', async () => {
    for (const route of ['/no/such/page', '/main/no-such-page', '/services/not-a-service', '/rent']) {
      const response = await get(route);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<html lang=');
    }
  });

  it('lets hashed assets be cached for a year', async () => {
    const response = await get('/assets/index-3f9a1c.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('has the service worker and manifest revalidated on every load', async () => {
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const response = await get(file);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('answers 304 with no body for an unchanged service worker or manifest, and the file again once it changed', async () => {
    for (const file of ['/sw.js', '/manifest.webmanifest']) {
      const first = await get(file, { headers: { 'Accept-Encoding': 'br' } });
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^W\/"/);
      const again = await get(file, { headers: { 'If-None-Match': etag!, 'Accept-Encoding': 'br' } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const other = await get(file, { headers: { 'If-None-Match': 'W/"0-0"' } });
      expect(other.status).toBe(200);
    }
    const before = (await get('/sw.js')).headers.get('etag')!;
    writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("install", () => {}); // deployed again');
    const changed = await get('/sw.js', { headers: { 'If-None-Match': before } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain('deployed again');
    expect(changed.headers.get('etag')).not.toBe(before);
  });

  it('serves other public files with a short cache', async () => {
    const response = await get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers a missing asset or upload with 404, never with the app shell', async () => {
    for (const missing of ['/assets/old-123.js', '/uploads/profiles/nope.webp']) {
      const response = await get(missing);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  it('keeps unknown API routes and non-GET requests as JSON 404s', async () => {
    const api = await get('/api/v1/nothing-here');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: 'Not found' });
    const post = await get('/main/profile/1', { method: 'POST' });
    expect(post.status).toBe(404);
    expect(post.headers.get('content-type')).toContain('application/json');
  });

  it('does not serve files outside the build folder', async () => {
    for (const sneaky of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await get(sneaky);
      const text = await response.text();
      expect(text).not.toContain('"name": "basha"');
    }
  });
});

describe('the shell in the visitor’s language (issue 18)', () => {
  const shellOf = async (requestPath: string, headers: Record<string, string>) => {
    const response = await get(requestPath, { headers });
    return { response, page: await response.text() };
  };

  it('sends the Bangla first screen, as lang="bn", to a phone that picked Bangla', async () => {
    const { response, page } = await shellOf('/', {
      Cookie: 'theme=dark; basha-locale=bn',
      'Accept-Language': 'en-US,en;q=0.9',
    });
    expect(page).toContain('<div id="first-screen"><h1>হিরো</h1></div>');
    expect(page).toContain('<html lang="bn">');
    // One URL, two languages: a shared cache must key on what chose the language.
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    expect(response.headers.get('vary')).toMatch(/Accept-Language/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends Bangla to a phone whose language is Bangla, unless English was picked on it', async () => {
    const bangla = await shellOf('/', { 'Accept-Language': 'bn-BD,bn;q=0.9,en;q=0.5' });
    expect(bangla.page).toContain('<h1>হিরো</h1>');
    expect(bangla.page).toContain('lang="bn"');
    const picked = await shellOf('/', { 'Accept-Language': 'bn-BD', Cookie: 'basha-locale=en' });
    expect(picked.page).toContain('<h1>Hero</h1>');
    expect(picked.page).toContain('<html lang="en">');
  });

  it('sends English to an English phone and to a request that says nothing', async () => {
    const cases: Record<string, string>[] = [
      { 'Accept-Language': 'en-GB,en;q=0.8' },
      {},
      { 'Accept-Language': 'fr, de;q=0.5' },
    ];
    for (const headers of cases) {
      const { page } = await shellOf('/', headers);
      expect(page).toContain('<h1>Hero</h1>');
      expect(page).toContain('<html lang="en">');
    }
  });

  it('gives every page’s shell the language, with its route’s chunks', async () => {
    const { response, page } = await shellOf('/main/view-rent/42', { Cookie: 'basha-locale=bn' });
    expect(page).toContain('<html lang="bn">');
    expect(page).not.toContain('first-screen');
    expect(page).toContain('/assets/view-rent-page-1b2c.js');
    expect(response.headers.get('vary')).toMatch(/Accept-Language/);
  });

  it('shrugs off a malformed, hostile or huge Accept-Language or cookie', async () => {
    const headers: Record<string, string>[] = [
      { 'Accept-Language': ';;;,,,q=,=;bn;q=abc' },
      { 'Accept-Language': 'bn;q=-1, en;q=NaN' },
      { 'Accept-Language': `${'x-'.repeat(50_000)}bn` },
      { 'Accept-Language': Array.from({ length: 5000 }, (_, i) => `l${i};q=0.${i % 10}`).join(',') },
      { Cookie: 'basha-locale=<script>; basha-locale=bn' },
      { Cookie: `basha-locale=${'b'.repeat(10_000)}` },
    ];
    for (const header of headers) {
      const started = performance.now();
      const { response, page } = await shellOf('/', header);
      expect(response.status).toBe(200);
      expect(page).toMatch(/<html lang="(en|bn)">/);
      expect(page).not.toContain('<script>');
      expect(performance.now() - started).toBeLessThan(1000);
    }
    // A language past the first 512 characters of the header is not read at all.
    const late = await shellOf('/', { 'Accept-Language': `${'en-x-pad;q=0,'.repeat(60)}bn` });
    expect(late.page).toContain('<html lang="en">');
  });

  it('serves each shell file by its name in its own language, whoever asks', async () => {
    const bangla = await shellOf('/landing.bn.html', { Cookie: 'basha-locale=en' });
    expect(bangla.page).toContain('<h1>হিরো</h1>');
    const english = await shellOf('/index.html', { Cookie: 'basha-locale=bn' });
    expect(english.page).toContain('<html lang="en">');
    expect(english.page).not.toContain('first-screen');
  });
});
