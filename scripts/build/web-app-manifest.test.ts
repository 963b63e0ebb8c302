import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '../../src/i18n/locale';
import { localeManifestsPlugin, WEB_APP_MANIFEST, webAppManifest } from './web-app-manifest';

describe('the web app manifests', () => {
  it('keep English as it was and name the app in Bangla in the Bangla one', () => {
    expect(WEB_APP_MANIFEST).toMatchObject({
      name: 'Basha: home services and rentals',
      short_name: 'Basha',
      lang: 'en',
    });
    const bangla = webAppManifest('bn');
    expect(bangla).toMatchObject({ name: 'বাসা: ঘরের সেবা আর ভাড়া বাসা', short_name: 'বাসা', lang: 'bn' });
    // One app in two languages: the same identity, start, scope and icons.
    for (const member of ['id', 'start_url', 'scope', 'display', 'icons', 'theme_color'] as const) {
      expect(bangla[member]).toEqual(WEB_APP_MANIFEST[member]);
    }
    expect(bangla.shortcuts?.map((shortcut) => [shortcut.url, shortcut.name])).toEqual([
      ['/main/add-rent', 'ভাড়ার বিজ্ঞাপন দিন'],
      ['/main/offer-service', 'সেবা দিন'],
      ['/main/find-service/maid', 'গৃহকর্মী খুঁজুন'],
    ]);
    expect(bangla.screenshots?.map((shot) => shot.label)).toEqual(['ফোনে বাসা', 'কম্পিউটারে বাসা']);
    expect(bangla).toMatchObject({ dir: 'ltr' });
    expect(WEB_APP_MANIFEST).not.toHaveProperty('dir');
  });

  it('writes every other language beside the English one: manifest-bn.webmanifest', () => {
    const emitFile = vi.fn();
    const plugin = localeManifestsPlugin();
    const generate = plugin.generateBundle;
    if (typeof generate !== 'function') throw new Error('generateBundle is a function');
    Reflect.apply(generate, { emitFile }, []);
    const files = emitFile.mock.calls.map(([file]) => file as { fileName: string; source: string });
    expect(files.map((file) => file.fileName)).toEqual(
      LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => `manifest-${locale}.webmanifest`),
    );
    const bangla = files.find((file) => file.fileName === 'manifest-bn.webmanifest')!;
    expect(JSON.parse(bangla.source)).toEqual(webAppManifest('bn'));
  });
});
