import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';

// The landing page's first screen for a phone that saves data (issue 23, point 4): the server picks the variant
// with the smallest hero from the Save-Data header or Basha's own switch (its cookie).

let ctx: TestContext;
let distDir: string;
const page = (lang: string, hero: string) =>
  `<!doctype html><html lang="${lang}"><head><title>Basha</title></head><div id="first-screen"><img src="${hero}"></div></html>`;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'basha-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><title>Basha</title></head></html>');
  writeFileSync(path.join(distDir, 'landing.html'), page('en', '/images/landing/hero-1600.webp'));
  writeFileSync(path.join(distDir, 'landing.save-data.html'), page('en', '/images/landing/hero-480.webp'));
  writeFileSync(path.join(distDir, 'landing.bn.html'), page('bn', '/images/landing/hero-1600.webp?bn'));
  writeFileSync(path.join(distDir, 'landing.bn.save-data.html'), page('bn', '/images/landing/hero-480.webp?bn'));
  ctx = await createTestContext({ staticDir: distDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(distDir, { recursive: true, force: true });
});

const landing = async (headers: Record<string, string>) => {
  const response = await ctx.app.request('/', { headers });
  return { response, html: await response.text() };
};

describe('the landing page for a phone that saves data', () => {
  it('sends the first screen with the smallest hero when the phone says Save-Data: on', async () => {
    const { response, html } = await landing({ 'Save-Data': 'on' });
    expect(html).toContain('hero-480.webp');
    expect(html).not.toContain('hero-1600');
    // One URL, two answers: a shared cache must key on what chose it.
    expect(response.headers.get('vary')).toMatch(/Save-Data/);
  });

  it('does the same for Basha’s own data saver (its cookie), in the picked language', async () => {
    const { html } = await landing({ Cookie: 'basha-locale=bn; basha-data-saver=on' });
    expect(html).toContain('hero-480.webp?bn');
    expect(html).toContain('lang="bn"');
  });

  it('sends the full hero otherwise, and for any other value of the header or cookie', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'Save-Data': 'off' },
      { Cookie: 'basha-data-saver=off' },
      { Cookie: 'x=on' },
    ];
    for (const headers of variants) {
      const { html } = await landing(headers);
      expect(html).toContain('hero-1600.webp');
    }
  });

  it('never sends the data saver’s first screen to other pages', async () => {
    const response = await ctx.app.request('/about', { headers: { 'Save-Data': 'on' } });
    expect(await response.text()).not.toContain('first-screen');
  });
});
