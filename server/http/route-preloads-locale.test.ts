import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  listShellFileName,
  loadAppShells,
  parseListShellFileName,
  shellFileName,
  shellFor,
  withLang,
  withManifest,
} from './route-preloads';

describe('shells per language', () => {
  it('names the Bangla shells beside the English ones', () => {
    expect(shellFileName('index', 'en')).toBe('index.html');
    expect(shellFileName('landing', 'en')).toBe('landing.html');
    expect(shellFileName('index', 'bn')).toBe('index.bn.html');
    expect(shellFileName('landing', 'bn')).toBe('landing.bn.html');
  });

  it('sets <html lang>, whether the file had one or not', () => {
    expect(withLang('<!doctype html><html lang="en"><head></head></html>', 'bn')).toBe(
      '<!doctype html><html lang="bn"><head></head></html>',
    );
    expect(withLang('<html><head></head></html>', 'bn')).toBe('<html lang="bn"><head></head></html>');
    expect(withLang('<html class="x" lang=en><head>', 'bn')).toBe('<html class="x" lang="bn"><head>');
  });

  it('links the Bangla manifest from the Bangla shells and the English one from the English shells', () => {
    const english = '<html lang="en"><head><link rel="manifest" href="/manifest.webmanifest"></head></html>';
    expect(withManifest(english, 'bn')).toBe(
      '<html lang="en"><head><link rel="manifest" href="/manifest-bn.webmanifest"></head></html>',
    );
    expect(withManifest(english, 'en')).toBe(english);
    const root = mkdtempSync(path.join(tmpdir(), 'basha-shells-'));
    try {
      const head = '<head><link rel="manifest" href="/manifest.webmanifest"></head>';
      writeFileSync(path.join(root, 'index.html'), `<html lang="en">${head}<div id="root"></div></html>`);
      writeFileSync(path.join(root, 'index.bn.html'), `<html lang="bn">${head}<div id="root"></div></html>`);
      writeFileSync(path.join(root, 'landing.bn.html'), `<html lang="bn">${head}<div id="first-screen"></div></html>`);
      const shells = loadAppShells(root);
      for (const page of ['/', '/main/rent']) {
        expect(shellFor(shells, page, { locale: 'bn' })).toContain(
          '<link rel="manifest" href="/manifest-bn.webmanifest">',
        );
        expect(shellFor(shells, page, { locale: 'bn' })).not.toContain('/manifest.webmanifest');
        expect(shellFor(shells, page, { locale: 'en' })).toContain(
          '<link rel="manifest" href="/manifest.webmanifest">',
        );
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers in Bangla from an older build without Bangla shells: the lang, and no English first screen', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'basha-shells-'));
    try {
      writeFileSync(path.join(root, 'index.html'), '<html lang="en"><head></head><div id="root"></div></html>');
      writeFileSync(
        path.join(root, 'landing.html'),
        '<html lang="en"><head></head><div id="first-screen"></div></html>',
      );
      const shells = loadAppShells(root);
      expect(shellFor(shells, '/', { locale: 'en' })).toContain('first-screen');
      const bangla = shellFor(shells, '/', { locale: 'bn' });
      expect(bangla).toContain('<html lang="bn">');
      expect(bangla).not.toContain('first-screen');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('gives a signed-in visitor each list page’s own first screen in their language, and no other page one', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'basha-shells-'));
    try {
      writeFileSync(path.join(root, 'index.html'), '<html lang="en"><head></head><div id="root"></div></html>');
      for (const [file, words] of [
        ['list-rent.html', 'Rent'],
        ['list-rent.bn.html', 'ভাড়া'],
        ['list-services-all.html', 'All services'],
        ['list-services-home-shifter.bn.html', 'বাসা বদল'],
      ]) {
        writeFileSync(
          path.join(root, file!),
          `<html lang="en"><head></head><div id="first-screen"><h1>${words}</h1></div><div id="root"></div></html>`,
        );
      }
      const shells = loadAppShells(root);
      const signedIn = (page: string, locale: 'en' | 'bn') => shellFor(shells, page, { locale, signedIn: true });
      expect(signedIn('/main/rent', 'en')).toContain('<h1>Rent</h1>');
      expect(signedIn('/main/rent/', 'bn')).toContain('<h1>ভাড়া</h1>');
      expect(signedIn('/main/rent', 'bn')).toContain('<html lang="bn">');
      expect(signedIn('/main/find-service/all', 'en')).toContain('<h1>All services</h1>');
      expect(signedIn('/main/find-service/Home-Shifter', 'bn')).toContain('<h1>বাসা বদল</h1>');
      // A list the build wrote no shell for in that language, a category spelt otherwise, an unknown one: the plain
      // shell, never another list's heading.
      for (const [page, locale] of [
        ['/main/find-service/all', 'bn'],
        ['/main/find-service/home%20shifter', 'bn'],
        ['/main/find-service/plumber', 'en'],
        ['/main/find-service/cook', 'en'],
      ] as const) {
        expect(signedIn(page, locale)).not.toContain('first-screen');
      }
      // Without a session the app sends a list's visitor to sign in: no list heading to flash first.
      expect(shellFor(shells, '/main/rent', { locale: 'en' })).not.toContain('first-screen');
      for (const page of [
        '/',
        '/main/add-rent',
        '/main/rent/0b4bb780-438c-4593-9389-777425f1dcdd',
        '/about',
        '/nowhere',
      ]) {
        expect(signedIn(page, 'en')).not.toContain('first-screen');
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the list shells’ file names', () => {
  it('name a list and a language, and read back as the same', () => {
    for (const [key, locale, file] of [
      ['rent', 'en', 'list-rent.html'],
      ['rent', 'bn', 'list-rent.bn.html'],
      ['services-it-provider', 'bn', 'list-services-it-provider.bn.html'],
    ] as const) {
      expect(listShellFileName(key, locale)).toBe(file);
      expect(parseListShellFileName(file)).toEqual({ key, locale });
    }
  });

  it('read nothing from other names', () => {
    for (const file of ['list.html', 'list-rent.en.html', 'list-rent.fr.html', 'list-../x.html', 'index.bn.html']) {
      expect(parseListShellFileName(file)).toBeUndefined();
    }
  });
});
