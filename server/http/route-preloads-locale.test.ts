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
});
