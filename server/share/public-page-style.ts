import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { BANGLA_UNICODE_RANGE } from '../../src/i18n/bangla-letters';

/**
 * The public pages' own small style sheet (the app's tokens, restated): the pages load no script and not the
 * app's CSS, so a link preview or a slow phone gets a finished page in one small request. The
 * Content-Security-Policy allows no inline style, so it is a file, named by its hash and kept for a year.
 */
export const PUBLIC_PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:"Noto Sans Bengali",system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;
color:#0f172a;background:#f1f5f4;line-height:1.55}
a{color:#0f766e}
.bar{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.75rem 1rem;background:#fff;
border-bottom:1px solid #e2e8f0}
.brand{font-weight:600;font-size:1.25rem;color:#0f766e;text-decoration:none}
.langs{display:flex;gap:.75rem;font-size:.875rem}
.langs a,footer a{display:inline-flex;align-items:center;min-height:32px;min-width:32px}
.langs a[aria-current]{font-weight:600;color:#0f172a;text-decoration:none}
main{max-width:60rem;margin:0 auto;padding:1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:14px;padding:1rem;margin-bottom:1rem}
.hero{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:10px;background:#e2e8f0}
.thumbs{display:flex;gap:.5rem;overflow-x:auto;margin:.5rem 0 0;padding:0;list-style:none}
.thumbs img{width:96px;height:72px;object-fit:cover;border-radius:6px;background:#e2e8f0;display:block}
h1{font-size:1.5rem;line-height:1.25;margin:.75rem 0 .25rem}
h2{font-size:1.125rem;margin:0 0 .5rem}
h3{font-size:1rem;margin:0 0 .25rem}
.price{font-size:1.375rem;font-weight:600;color:#b45309;margin:.25rem 0}
.facts{list-style:none;margin:.5rem 0;padding:0;color:#475569}
.facts li{margin:.125rem 0}
.details{white-space:pre-line;overflow-wrap:anywhere}
.cta{display:inline-block;margin:.5rem 0;padding:.75rem 1.25rem;border-radius:10px;background:#0f766e;color:#fff;
font-weight:600;text-decoration:none;min-height:44px}
.cta:hover,.cta:focus-visible{background:#115e59}
.cta:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.muted{color:#475569;font-size:.875rem}
.tips{background:#fef3c7;border:1px solid #fcd34d;border-radius:10px;padding:.75rem 1rem;font-size:.875rem}
.tips summary{font-weight:600;cursor:pointer}
.tips ul{margin:.5rem 0 0;padding-left:1.25rem}
.service{display:grid;gap:.75rem}
.cover{width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:10px;background:#e2e8f0}
.reviews{list-style:none;margin:0;padding:0}
.reviews li{border-top:1px solid #e2e8f0;padding:.5rem 0}
.avatar{width:64px;height:64px;border-radius:50%;object-fit:cover;background:#e2e8f0;flex:none}
.who{display:flex;gap:.75rem;align-items:center}
.who h1{margin:0}
footer{max-width:60rem;margin:0 auto;padding:1rem;color:#64748b;font-size:.875rem}
@media (min-width:48rem){
main{padding:1.5rem}
.ad{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1.5rem;align-items:start}
.ad h1{margin-top:0}
.service{grid-template-columns:minmax(0,2fr) minmax(0,3fr)}
}
`
  .trim()
  .replace(/\n/g, '');

/** The style sheet's path, named by its content. */
export function publicPageCssPath(css: string): string {
  return `/share/page-${createHash('sha256').update(css).digest('hex').slice(0, 12)}.css`;
}

export const PUBLIC_PAGE_CSS_PATH = publicPageCssPath(PUBLIC_PAGE_CSS);

/**
 * The style sheet with the app's own Bangla face (Noto Sans Bengali, 400 and 600, from the build's assets: see
 * src/styles/fonts.css for why), when a build is served; phones whose system Bangla font draws conjuncts badly
 * then read the public pages as they read the app. A page without Bangla letters downloads no face.
 */
export function publicPageCssWithFonts(staticDir: string | undefined): string {
  const assets = staticDir ? path.join(path.resolve(staticDir), 'assets') : undefined;
  if (!assets || !existsSync(assets)) return PUBLIC_PAGE_CSS;
  const files = readdirSync(assets);
  const faces = (['400', '600'] as const).flatMap((weight) => {
    const file = files.find((name) =>
      new RegExp(`^noto-sans-bengali-bengali-${weight}-normal-[\\w-]+\\.woff2$`).test(name),
    );
    return file
      ? [
          `@font-face{font-family:"Noto Sans Bengali";font-style:normal;font-weight:${weight};font-display:swap;` +
            `src:url(/assets/${file}) format("woff2");unicode-range:${BANGLA_UNICODE_RANGE.replace(/\s/g, '')}}`,
        ]
      : [];
  });
  return faces.join('') + PUBLIC_PAGE_CSS;
}
