import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_CSS, publicPageCssPath, publicPageCssWithFonts } from './public-page-style';

describe('the public pages’ style sheet', () => {
  it('names the build’s own Bangla faces when a build is served, and is named by its content', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'basha-public-css-'));
    try {
      mkdirSync(path.join(dist, 'assets'));
      for (const file of [
        'noto-sans-bengali-bengali-400-normal-BFib_WJ.woff2',
        'noto-sans-bengali-bengali-600-normal-x1.woff2',
      ])
        writeFileSync(path.join(dist, 'assets', file), '');
      const css = publicPageCssWithFonts(dist);
      expect(css).toContain('src:url(/assets/noto-sans-bengali-bengali-400-normal-BFib_WJ.woff2) format("woff2")');
      expect(css).toContain('font-weight:600');
      expect(css.endsWith(PUBLIC_PAGE_CSS)).toBe(true);
      expect(publicPageCssPath(css)).not.toBe(publicPageCssPath(PUBLIC_PAGE_CSS));
      expect(publicPageCssWithFonts(undefined)).toBe(PUBLIC_PAGE_CSS);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the public pages’ links', () => {
  it('are targets at least 24 px tall (WCAG 2.5.8): the language links and the footer’s', () => {
    const rule = /\.langs a,footer a\{([^}]*)\}/.exec(PUBLIC_PAGE_CSS)?.[1] ?? '';
    expect(rule).toContain('display:inline-flex');
    expect(Number(/min-height:(\d+)px/.exec(rule)?.[1])).toBeGreaterThanOrEqual(24);
  });
});
