import type { Plugin } from 'vite';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { MANIFEST_PATHS } from '../../src/i18n/manifest-paths';

/**
 * Basha's web app manifest, in English (vite-plugin-pwa writes it as /manifest.webmanifest and links it) and in
 * Bangla (`banglaManifestPlugin` writes /manifest-bn.webmanifest, which Bangla pages link: src/app/pwa/manifest-link.ts).
 * The two are one app (the same `id`); only the words a person reads differ.
 */

export const THEME_COLOR = '#0f766e';

const SHORTCUT_ICONS = [{ src: '/icons/shortcut-96.png', sizes: '96x96', type: 'image/png' }];

export const WEB_APP_MANIFEST = {
  id: '/',
  name: 'Basha: home services and rentals',
  short_name: 'Basha',
  description:
    'Find trusted maids, tutors, plumbers, electricians and home shifters, and homes to rent across Bangladesh. Works offline.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME_COLOR,
  background_color: '#f1f5f4',
  categories: ['lifestyle', 'shopping', 'business'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/narrow.webp',
      sizes: '780x1688',
      type: 'image/webp',
      form_factor: 'narrow' as const,
      label: 'Basha on a phone',
    },
    {
      src: '/screenshots/wide.webp',
      sizes: '1280x800',
      type: 'image/webp',
      form_factor: 'wide' as const,
      label: 'Basha on a computer',
    },
  ],
  // Photos shared from the gallery or another app start a rent ad with them (sw/share-target.ts).
  share_target: {
    action: '/share-target/rent',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: {
      title: 'title',
      text: 'text',
      files: [{ name: 'photos', accept: ['image/jpeg', 'image/png', 'image/webp', '.jpg', '.jpeg', '.png', '.webp'] }],
    },
  },
  shortcuts: [
    { name: 'Post Rent Ad', url: '/main/add-rent' as const, icons: SHORTCUT_ICONS },
    { name: 'Offer Service', url: '/main/offer-service' as const, icons: SHORTCUT_ICONS },
    { name: 'Find a Maid', url: '/main/find-service/maid' as const, icons: SHORTCUT_ICONS },
  ],
} satisfies Partial<ManifestOptions>;

const BANGLA_SCREENSHOT_LABELS = { narrow: 'ফোনে বাসা', wide: 'কম্পিউটারে বাসা' } as const;
const BANGLA_SHORTCUT_NAMES: Record<(typeof WEB_APP_MANIFEST.shortcuts)[number]['url'], string> = {
  '/main/add-rent': 'ভাড়ার বিজ্ঞাপন দিন',
  '/main/offer-service': 'সেবা দিন',
  '/main/find-service/maid': 'গৃহকর্মী খুঁজুন',
};

/** The Bangla manifest: the English one with Bangla words (docs/i18n.md's glossary). */
export function banglaWebAppManifest(): Partial<ManifestOptions> {
  return {
    ...WEB_APP_MANIFEST,
    name: 'বাসা: ঘরের সেবা আর ভাড়া বাসা',
    short_name: 'বাসা',
    description:
      'সারা বাংলাদেশে বিশ্বস্ত গৃহকর্মী, গৃহশিক্ষক, প্লাম্বার, ইলেকট্রিশিয়ান, বাসা বদলের সেবাদাতা আর ভাড়া বাসা খুঁজুন। অফলাইনেও চলে।',
    lang: 'bn',
    dir: 'ltr',
    screenshots: WEB_APP_MANIFEST.screenshots.map((shot) => ({
      ...shot,
      label: BANGLA_SCREENSHOT_LABELS[shot.form_factor],
    })),
    shortcuts: WEB_APP_MANIFEST.shortcuts.map((shortcut) => ({
      ...shortcut,
      name: BANGLA_SHORTCUT_NAMES[shortcut.url],
    })),
  };
}

/** Writes the Bangla manifest beside the English one (before the service worker's precache list is made). */
export function banglaManifestPlugin(): Plugin {
  return {
    name: 'basha-bangla-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: MANIFEST_PATHS.bn.slice(1),
        source: `${JSON.stringify(banglaWebAppManifest())}\n`,
      });
    },
  };
}
