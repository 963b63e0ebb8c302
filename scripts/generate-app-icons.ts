import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * The install icons of the web app manifest, drawn here so the project owns them:
 *   npx tsx scripts/generate-app-icons.ts
 * A plain icon (rounded tile) and a maskable one (full bleed, the house inside the 80% safe zone).
 */
const HOUSE = 'M14 32 32 16l18 16v16a2 2 0 0 1-2 2H38V38H26v12H16a2 2 0 0 1-2-2z';

function icon(maskable: boolean): string {
  const tile = maskable
    ? '<rect width="64" height="64" fill="#0f766e"/>'
    : '<rect width="64" height="64" rx="14" fill="#0f766e"/>';
  // The maskable icon draws the house smaller so no platform mask can cut into it.
  const scale = maskable ? 0.72 : 1;
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${tile}<g transform="translate(${offset} ${offset}) scale(${scale})"><path d="${HOUSE}" fill="#fff"/><circle cx="46" cy="18" r="5" fill="#f59e0b"/></g></svg>`;
}

const outDir = path.resolve('public/icons');
const renditions = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
  { file: 'shortcut-96.png', size: 96, maskable: false },
];
for (const { file, size, maskable } of renditions) {
  const bytes = await sharp(Buffer.from(icon(maskable)), { density: 72 * (size / 64) * 1.2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(path.join(outDir, file), bytes);
  console.log(`${file} ${bytes.length} bytes`);
}
