import sharp from 'sharp';
import type { ServiceCategory } from '../../src/domain/service-category';
import type { StoredPhoto } from '../db/schema';
import { storeListingPhoto } from '../images/listing-photos';
import type { ImageStorage } from '../images/storage';

/**
 * Cover photos for the demo services, drawn here as simple SVG illustrations (one per category) and stored
 * through the same pipeline as uploads. Nothing is fetched from another host.
 */

const WIDTH = 960;
const HEIGHT = 600;

const PALETTES: Record<ServiceCategory, [string, string, string]> = {
  Maid: ['#0f766e', '#5eead4', '#f0fdfa'],
  'Home Shifter': ['#b45309', '#fcd34d', '#fffbeb'],
  Tutor: ['#1d4ed8', '#93c5fd', '#eff6ff'],
  Electrician: ['#a16207', '#fde047', '#fefce8'],
  'IT Provider': ['#334155', '#94a3b8', '#f8fafc'],
  Painter: ['#be185d', '#f9a8d4', '#fdf2f8'],
  Plumber: ['#0e7490', '#67e8f9', '#ecfeff'],
};

// Each drawing sits in a 400 x 300 box centred on the cover.
const DRAWINGS: Record<ServiceCategory, (ink: string, soft: string) => string> = {
  Maid: (ink, soft) => `
    <rect x="150" y="20" width="22" height="190" rx="8" fill="${ink}" transform="rotate(18 161 115)"/>
    <path d="M175 200 l-70 90 h150 z" fill="${soft}" stroke="${ink}" stroke-width="10" stroke-linejoin="round" transform="rotate(18 180 240)"/>
    <rect x="250" y="170" width="110" height="120" rx="14" fill="${soft}" stroke="${ink}" stroke-width="10"/>
    <path d="M262 170 q43 -60 86 0" fill="none" stroke="${ink}" stroke-width="10"/>
    <circle cx="330" cy="60" r="16" fill="${soft}"/><circle cx="365" cy="100" r="10" fill="${soft}"/>`,
  'Home Shifter': (ink, soft) => `
    <rect x="20" y="80" width="230" height="160" rx="12" fill="${soft}" stroke="${ink}" stroke-width="10"/>
    <path d="M250 130 h80 l50 60 v50 h-130 z" fill="${soft}" stroke="${ink}" stroke-width="10" stroke-linejoin="round"/>
    <rect x="272" y="145" width="50" height="40" rx="6" fill="${ink}"/>
    <circle cx="90" cy="250" r="32" fill="${ink}"/><circle cx="320" cy="250" r="32" fill="${ink}"/>
    <circle cx="90" cy="250" r="12" fill="${soft}"/><circle cx="320" cy="250" r="12" fill="${soft}"/>
    <rect x="60" y="120" width="60" height="50" rx="6" fill="${ink}" opacity="0.35"/><rect x="140" y="110" width="70" height="60" rx="6" fill="${ink}" opacity="0.35"/>`,
  Tutor: (ink, soft) => `
    <path d="M200 60 q-80 -30 -170 0 v200 q90 -30 170 0 z" fill="${soft}" stroke="${ink}" stroke-width="10" stroke-linejoin="round"/>
    <path d="M200 60 q80 -30 170 0 v200 q-90 -30 -170 0 z" fill="${soft}" stroke="${ink}" stroke-width="10" stroke-linejoin="round"/>
    <path d="M70 100 h90 M70 140 h90 M70 180 h70 M240 100 h90 M240 140 h90 M240 180 h70" stroke="${ink}" stroke-width="8" stroke-linecap="round"/>`,
  Electrician: (ink, soft) => `
    <circle cx="200" cy="150" r="130" fill="${soft}"/>
    <path d="M220 20 l-110 150 h80 l-30 110 l120 -160 h-85 z" fill="${ink}" stroke="${ink}" stroke-width="8" stroke-linejoin="round"/>`,
  'IT Provider': (ink, soft) => `
    <rect x="40" y="20" width="320" height="200" rx="16" fill="${soft}" stroke="${ink}" stroke-width="10"/>
    <path d="M120 90 l-35 30 l35 30 M280 90 l35 30 l-35 30 M220 70 l-40 100" fill="none" stroke="${ink}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
    <rect x="170" y="220" width="60" height="40" fill="${ink}"/><rect x="110" y="258" width="180" height="18" rx="9" fill="${ink}"/>`,
  Painter: (ink, soft) => `
    <rect x="40" y="40" width="250" height="90" rx="18" fill="${soft}" stroke="${ink}" stroke-width="10"/>
    <path d="M290 85 h50 v80 h-140 v40" fill="none" stroke="${ink}" stroke-width="10" stroke-linejoin="round"/>
    <rect x="185" y="205" width="30" height="90" rx="10" fill="${ink}"/>
    <path d="M60 160 q40 40 0 90" stroke="${soft}" stroke-width="22" fill="none" stroke-linecap="round"/>`,
  Plumber: (ink, soft) => `
    <path d="M40 110 h170 v150" fill="none" stroke="${ink}" stroke-width="44" stroke-linejoin="round"/>
    <path d="M40 110 h170 v150" fill="none" stroke="${soft}" stroke-width="24" stroke-linejoin="round"/>
    <path d="M300 40 a50 50 0 1 0 40 80 l40 40 l20 -20 l-40 -40 a50 50 0 0 0 -60 -60 l30 30 l-20 20 z" fill="${ink}"/>
    <path d="M210 280 q12 20 0 30 q-12 -10 0 -30" fill="${ink}"/>`,
};

export function coverSvg(category: ServiceCategory): string {
  const [ink, soft, paper] = PALETTES[category];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${paper}"/><stop offset="1" stop-color="${soft}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="${WIDTH - 90}" cy="80" r="160" fill="${soft}" opacity="0.55"/>
  <circle cx="70" cy="${HEIGHT - 40}" r="120" fill="${soft}" opacity="0.45"/>
  <g transform="translate(${(WIDTH - 400) / 2} ${(HEIGHT - 300) / 2})">${DRAWINGS[category](ink, soft)}</g>
</svg>`;
}

/** One stored cover per category (PNG rendered from the SVG, then the listing-photo pipeline). */
export async function storeDemoCovers(images: ImageStorage): Promise<Record<ServiceCategory, StoredPhoto>> {
  const entries = await Promise.all(
    (Object.keys(DRAWINGS) as ServiceCategory[]).map(async (category) => {
      const png = await sharp(Buffer.from(coverSvg(category)))
        .png()
        .toBuffer();
      const photo = await storeListingPhoto(images, new Uint8Array(png), { folder: 'services', accept: ['png'] });
      return [category, photo] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<ServiceCategory, StoredPhoto>;
}
