import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// WCAG 2.5.8 (target size): every footer link at least 24 px tall, on a 360 px phone as on a wide screen. An inline
// link is only as tall as its line (about 21 px at the footer's 14 px text), so the rule must give it a height.
const css = readFileSync(new URL('./layout.css', import.meta.url), 'utf8');

/** The declarations of the rule whose selector is exactly `selector`, outside any media query or not. */
function declarationsOf(selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?:^|\\})\\s*${escaped}\\s*\\{([^}]*)\\}`, 'm').exec(css)?.[1] ?? '';
}

describe('the footer’s links', () => {
  it('are block-level targets at least 24 px tall', () => {
    const rule = declarationsOf('.site-footer a');
    expect(rule).toMatch(/display:\s*inline-flex/);
    expect(Number(/min-height:\s*(\d+)px/.exec(rule)?.[1])).toBeGreaterThanOrEqual(24);
  });
});
