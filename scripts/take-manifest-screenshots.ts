import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/browser';

/**
 * The narrow and wide screenshots of the web app manifest (shown by Android's install sheet), taken from a
 * running Basha:  npx tsx scripts/take-manifest-screenshots.ts [baseUrl]
 */
const baseUrl = process.argv[2] ?? 'http://localhost:8080';
const shots = [
  { file: 'narrow.webp', width: 390, height: 844, scale: 2 },
  { file: 'wide.webp', width: 1280, height: 800, scale: 1 },
];
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const shot of shots) {
  const page = await browser.newPage({
    viewport: { width: shot.width, height: shot.height },
    deviceScaleFactor: shot.scale,
  });
  await page.goto(baseUrl, { waitUntil: 'networkidle' });
  const png = await page.screenshot();
  const file = path.resolve('public/screenshots', shot.file);
  await sharp(png).webp({ quality: 70 }).toFile(file);
  console.log(file);
  await page.close();
}
await browser.close();
