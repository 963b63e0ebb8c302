import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser';
import { DEMO_PASSWORD } from '../server/seed/demo-data';

/**
 * Screenshots of pages at phone and desktop sizes, to look at what people will see:
 *   npx tsx scripts/take-screenshots.ts [baseUrl] [path ...]
 * With SCREENSHOT_AS=<demo e-mail> it signs in as that demo user first (for /main pages).
 */
const [baseUrl = 'http://localhost:8080', ...paths] = process.argv.slice(2);
const signInAs = process.env.SCREENSHOT_AS;
const pages = paths.length
  ? paths
  : ['/', '/auth/login', '/auth/register', '/auth/reset-password', '/main/about-us', '/nowhere'];
const sizes = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];
const outDir = path.resolve('.tmp/screenshots');
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const size of sizes) {
  const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
  if (signInAs) {
    await page.goto(new URL('/auth/login', baseUrl).href);
    await page.getByLabel('Email').fill(signInAs);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  }
  for (const pagePath of pages) {
    await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: 'networkidle' });
    // Scroll through once, as a person would, so lazy images load and scroll-triggered sections appear.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += size.height / 2) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(120);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const file = path.join(outDir, `${pagePath.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${size.name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
