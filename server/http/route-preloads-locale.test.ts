import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAppShells, shellFileName, shellFor, withLang, withManifest } from './route-preloads';

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
        expect(shellFor(shells, page, 'bn')).toContain('<link rel="manifest" href="/manifest-bn.webmanifest">');
        expect(shellFor(shells, page, 'bn')).not.toContain('/manifest.webmanifest');
        expect(shellFor(shells, page, 'en')).toContain('<link rel="manifest" href="/manifest.webmanifest">');
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
      expect(shellFor(shells, '/', 'en')).toContain('first-screen');
      const bangla = shellFor(shells, '/', 'bn');
      expect(bangla).toContain('<html lang="bn">');
      expect(bangla).not.toContain('first-screen');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('gives the list pages, and only them, the shell whose first screen is the header, in their language', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'basha-shells-'));
    try {
      writeFileSync(path.join(root, 'index.html'), '<html lang="en"><head></head><div id="root"></div></html>');
      for (const [file, words] of [
        ['list.html', 'Rent'],
        ['list.bn.html', 'ভাড়া'],
      ]) {
        writeFileSync(
          path.join(root, file!),
          `<html lang="en"><head></head><div id="first-screen"><header>${words}</header></div><div id="root"></div></html>`,
        );
      }
      const shells = loadAppShells(root);
      for (const page of ['/main/rent', '/main/find-service/all', '/main/find-service/maid']) {
        expect(shellFor(shells, page, 'en')).toContain('<header>Rent</header>');
        expect(shellFor(shells, page, 'bn')).toContain('<header>ভাড়া</header>');
        expect(shellFor(shells, page, 'bn')).toContain('<html lang="bn">');
      }
      for (const page of [
        '/',
        '/main/add-rent',
        '/main/rent/0b4bb780-438c-4593-9389-777425f1dcdd',
        '/about',
        '/nowhere',
      ]) {
        expect(shellFor(shells, page, 'en')).not.toContain('first-screen');
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
