import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { LANDING_SCENES } from './images/landing-scenes';

/**
 * Renders the landing page's illustrations to WebP at the widths the page's srcset offers:
 *   npx tsx scripts/generate-landing-images.ts
 * The results are committed under public/images/landing, so a build needs no image tooling.
 */
export const LANDING_IMAGE_WIDTHS = [480, 960, 1600];
const outDir = path.resolve('public/images/landing');
mkdirSync(outDir, { recursive: true });

for (const scene of LANDING_SCENES) {
  const source = Buffer.from(scene.svg);
  for (const width of LANDING_IMAGE_WIDTHS) {
    if (width > scene.width) continue;
    const bytes = await sharp(source, { density: 144 })
      .resize({ width })
      .webp({ quality: 72, effort: 6 })
      .toBuffer();
    const file = path.join(outDir, `${scene.name}-${width}.webp`);
    writeFileSync(file, bytes);
    console.log(`${path.relative(process.cwd(), file)}  ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}
