import type { Plugin } from 'vite';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { DEFAULT_LOCALE, LOCALES, localeInfo, type Locale } from '../../src/i18n/locale';
import { MANIFEST_PATHS } from '../../src/i18n/manifest-paths';

/**
 * Basha's web app manifest, one per language (src/i18n/locale.ts): the default's (English) vite-plugin-pwa writes
 * as /manifest.webmanifest and links; `localeManifestsPlugin` writes every other language's beside it
 * (/manifest-bn.webmanifest), which that language's pages link (src/app/pwa/manifest-link.ts). They are one app
 * (the same `id`); only the words a person reads differ, and the language's `lang` and `dir`.
 */

export const THEME_COLOR = '#0f766e';

const SHORTCUT_ICONS = [{ src: '/icons/shortcut-96.png', sizes: '96x96', type: 'image/png' }];

type ShortcutUrl = '/main/add-rent' | '/main/offer-service' | '/main/find-service/maid';

/** The words of a manifest in a language (docs/i18n.md's glossary). */
interface ManifestWords {
  name: string;
  short_name: string;
  description: string;
  screenshots: Record<'narrow' | 'wide', string>;
  shortcuts: Record<ShortcutUrl, string>;
}

const MANIFEST_WORDS: Record<Locale, ManifestWords> = {
  en: {
    name: 'Basha: home services and rentals',
    short_name: 'Basha',
    description:
      'Find trusted maids, tutors, plumbers, electricians and home shifters, and homes to rent across Bangladesh. Works offline.',
    screenshots: { narrow: 'Basha on a phone', wide: 'Basha on a computer' },
    shortcuts: {
      '/main/add-rent': 'Post Rent Ad',
      '/main/offer-service': 'Offer Service',
      '/main/find-service/maid': 'Find a Maid',
    },
  },
  bn: {
    name: 'বাসা: ঘরের সেবা আর ভাড়া বাসা',
    short_name: 'বাসা',
    description:
      'সারা বাংলাদেশে বিশ্বস্ত গৃহকর্মী, গৃহশিক্ষক, প্লাম্বার, ইলেকট্রিশিয়ান, বাসা বদলের সেবাদাতা আর ভাড়া বাসা খুঁজুন। অফলাইনেও চলে।',
    screenshots: { narrow: 'ফোনে বাসা', wide: 'কম্পিউটারে বাসা' },
    shortcuts: {
      '/main/add-rent': 'ভাড়ার বিজ্ঞাপন দিন',
      '/main/offer-service': 'সেবা দিন',
      '/main/find-service/maid': 'গৃহকর্মী খুঁজুন',
    },
  },
};

/** The manifest in a language. The default's has no `dir` (left to right, the manifest's own default). */
export function webAppManifest(locale: Locale) {
  const words = MANIFEST_WORDS[locale];
  const manifest = {
    id: '/',
    name: words.name,
    short_name: words.short_name,
    description: words.description,
    lang: locale,
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
        label: words.screenshots.narrow,
      },
      {
        src: '/screenshots/wide.webp',
        sizes: '1280x800',
        type: 'image/webp',
        form_factor: 'wide' as const,
        label: words.screenshots.wide,
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
        files: [
          { name: 'photos', accept: ['image/jpeg', 'image/png', 'image/webp', '.jpg', '.jpeg', '.png', '.webp'] },
        ],
      },
    },
    shortcuts: (['/main/add-rent', '/main/offer-service', '/main/find-service/maid'] as const).map((url) => ({
      name: words.shortcuts[url],
      url,
      icons: SHORTCUT_ICONS,
    })),
  } satisfies Partial<ManifestOptions>;
  return locale === DEFAULT_LOCALE ? manifest : { ...manifest, dir: localeInfo(locale).dir };
}

/** The default language's manifest, the one vite-plugin-pwa writes and links from index.html. */
export const WEB_APP_MANIFEST = webAppManifest(DEFAULT_LOCALE);

/** Writes every other language's manifest beside the default one (before the service worker's precache list is made). */
export function localeManifestsPlugin(): Plugin {
  return {
    name: 'basha-locale-manifests',
    apply: 'build',
    generateBundle() {
      for (const locale of LOCALES) {
        if (locale === DEFAULT_LOCALE) continue;
        this.emitFile({
          type: 'asset',
          fileName: MANIFEST_PATHS[locale].slice(1),
          source: `${JSON.stringify(webAppManifest(locale))}\n`,
        });
      }
    },
  };
}
