import { describe, expect, it } from 'vitest';
import { localizedShell, shellWithFirstScreen } from './first-screen-plugin';

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

describe('the shell in a language', () => {
  const index =
    '<!doctype html><html lang="en"><head><meta name="description" content="Basha: find help." />' +
    '<title>Basha: home services</title></head><body><div id="root"></div></body></html>';
  const bangla = { title: 'বাসা: ঘরের সেবা', description: 'বাসা: সাহায্য খুঁজুন। <ভালো> & "সহজ"' };

  it('speaks Bangla in its lang, title and description, and preloads both weights of the Bangla face', () => {
    const shell = localizedShell(index, 'bn', bangla, [
      'assets/noto-sans-bengali-bengali-400-normal-X.woff2',
      'assets/noto-sans-bengali-bengali-600-normal-Y.woff2',
    ]);
    expect(shell).toContain('<html lang="bn">');
    expect(shell).toContain('<title>বাসা: ঘরের সেবা</title>');
    expect(shell).toContain('content="বাসা: সাহায্য খুঁজুন। &lt;ভালো&gt; &amp; &quot;সহজ&quot;"');
    expect(shell).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-sans-bengali-bengali-400-normal-X.woff2">' +
        '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/noto-sans-bengali-bengali-600-normal-Y.woff2"></head>',
    );
  });

  it('preloads no font in English, whose pages draw no Bangla letters', () => {
    const shell = localizedShell(index, 'en', { title: 'Basha', description: 'Find help.' }, ['assets/f.woff2']);
    expect(shell).toContain('<html lang="en">');
    expect(shell).not.toContain('as="font"');
  });

  it('refuses a shell without a title or description to translate', () => {
    expect(() => localizedShell(index.replace(/<title>.*<\/title>/, ''), 'bn', bangla, [])).toThrow(/title/);
  });
});
