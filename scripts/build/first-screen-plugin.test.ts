import { describe, expect, it } from 'vitest';
import { shellWithFirstScreen } from './first-screen-plugin';

const shell =
  '<!doctype html><html><head><title>Basha</title><script type="module" src="/assets/index-A.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

describe('the landing shell with its first screen', () => {
  it('puts the first screen before the empty root and moves resource hints into the head', () => {
    const firstScreen =
      '<link rel="preload" as="image" imageSrcSet="/hero-480.webp 480w" fetchPriority="high"/>' +
      '<header class="site-header">Basha</header><main><h1>Making Home Service Seamless</h1></main>';
    expect(shellWithFirstScreen(shell, firstScreen)).toBe(
      '<!doctype html><html><head><title>Basha</title><script type="module" src="/assets/index-A.js"></script>' +
        '<link rel="preload" as="image" imageSrcSet="/hero-480.webp 480w" fetchPriority="high"/></head><body>' +
        '<div id="first-screen"><header class="site-header">Basha</header><main><h1>Making Home Service Seamless</h1></main></div>' +
        '<div id="root"></div></body></html>',
    );
  });

  it('refuses a shell whose root is not empty, rather than writing a broken page', () => {
    expect(() =>
      shellWithFirstScreen(shell.replace('<div id="root"></div>', '<div id="root">x</div>'), '<p></p>'),
    ).toThrow(/#root/);
  });
});
