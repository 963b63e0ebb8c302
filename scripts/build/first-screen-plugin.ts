import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { LIST_SHELL_KIND, savingDataLandingFileName, shellFileName, withLang } from '../../server/http/route-preloads';
import { DEFAULT_LOCALE, LOCALES, localeInfo, type Locale } from '../../src/i18n/locale';

/**
 * The landing page's first screen, prerendered. Without it a first visit shows nothing until the entry script
 * (about 100 KiB) has downloaded and run: on a slow phone network, seconds of a blank page. After the build
 * this plugin renders the real header and hero (src/app/prerender/landing-first-screen.tsx) to HTML and
 * writes `landing.html`: the shell with that HTML in `#first-screen` before `#root`. The server sends it for
 * `/`. The app renders into `#root`, hidden by base.css while the first screen stands, and the landing page
 * removes the first screen once it has rendered (src/ui/first-screen.ts), in one frame, so nothing shifts.
 *
 * In every language: `index.bn.html` is the shell in Bangla (`lang="bn"`, its title and description, and the
 * Bangla face preloaded so the first paint already draws with it) and `landing.bn.html` has the first screen in
 * Bangla. The server sends the one of the visitor's language (server/http/static.ts).
 *
 * The list pages (`/main/rent`, `/main/find-service/...`) get a first screen too, the header alone: `list.html` and
 * `list.bn.html` (src/app/prerender/landing-first-screen.tsx says why).
 */

const RENDER_MODULE = '/src/app/prerender/landing-first-screen.tsx';

/** The shell with the first screen before the app's root, and React's resource hints moved into the head. */
export function shellWithFirstScreen(shell: string, firstScreen: string): string {
  const hints: string[] = [];
  const body = firstScreen.replace(/<link rel="preload"[^>]*\/>/g, (hint) => {
    hints.push(hint);
    return '';
  });
  const root = '<div id="root"></div>';
  if (!shell.includes(root) || !shell.includes('</head>')) throw new Error('index.html has no empty #root or no head');
  return shell
    .replace('</head>', `${hints.join('')}</head>`)
    .replace(root, `<div id="first-screen">${body}</div>${root}`);
}

/**
 * The faces a language's shell preloads, as src/styles/fonts.css names them (its `shellFonts`, src/i18n/locale.ts:
 * the Bangla face's two weights). Both draw its first screen (the header's brand and the headings are 600). Found only
 * by the style sheet, the 600 was asked for once the CSS was parsed and the page styled, 70 to 100 ms after the 400,
 * and as a render-blocking request (Chromium gives fonts the style sheet finds the highest priority); a preload asks
 * for it with the 400, at the priority of a hint.
 */
const SHELL_FONTS = new Map(
  LOCALES.flatMap((locale) => localeInfo(locale).shellFonts).map((face) => [face, new RegExp(`${face}[^/]*\\.woff2$`)]),
);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The shell in a language: its `lang`, its title and description in that language, and of the build's fonts
 * (`fontHrefs`) those of its `shellFonts` preloaded (`crossorigin`: fonts are fetched in CORS mode, a preload
 * without it would be fetched twice).
 */
export function localizedShell(
  shell: string,
  locale: Locale,
  head: { title: string; description: string },
  fontHrefs: readonly string[],
): string {
  if (!/<title>[^<]*<\/title>/.test(shell) || !/<meta\s+name="description"\s+content="[^"]*"/.test(shell)) {
    throw new Error('index.html has no title or no description to translate');
  }
  const faces = localeInfo(locale).shellFonts.map((face) => SHELL_FONTS.get(face)!);
  const preload = fontHrefs
    .filter((href) => faces.some((face) => face.test(href)))
    .map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${escapeHtml(href)}">`)
    .join('');
  return withLang(shell, locale)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
    .replace(/(<meta\s+name="description"\s+content=")[^"]*"/, `$1${escapeHtml(head.description)}"`)
    .replace('</head>', `${preload}</head>`);
}

interface RenderModule {
  renderLandingFirstScreen(locale: Locale, savingData?: boolean): string;
  renderListFirstScreen(locale: Locale): string;
  shellHead(locale: Locale): { title: string; description: string };
}

export function firstScreenPlugin(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let isAppBuild = false;
  let fontHrefs: string[] = [];
  return {
    name: 'basha-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      isAppBuild = 'index.html' in bundle;
      fontHrefs = [...SHELL_FONTS.values()].flatMap((font) => Object.keys(bundle).filter((file) => font.test(file)));
    },
    async closeBundle() {
      if (!isAppBuild) return;
      // A small Vite server renders the components as the browser build compiled them (same aliases and JSX).
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        resolve: { alias: { '@': path.join(root, 'src') } },
        // Published as CommonJS for Node: bundled from its ES module instead, as in the browser build.
        ssr: { noExternal: ['workbox-window'] },
      });
      try {
        const module = (await server.ssrLoadModule(RENDER_MODULE)) as RenderModule;
        const missing = [...SHELL_FONTS].filter(([, font]) => !fontHrefs.some((href) => font.test(href)));
        if (missing.length > 0) {
          throw new Error(
            `The build lacks a face a shell preloads (src/styles/fonts.css): ${missing.map(([face]) => face).join(', ')}`,
          );
        }
        const english = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        for (const locale of LOCALES) {
          const shell = localizedShell(english, locale, module.shellHead(locale), fontHrefs);
          if (locale !== DEFAULT_LOCALE) writeFileSync(path.join(outDir, shellFileName('index', locale)), shell);
          writeFileSync(
            path.join(outDir, shellFileName('landing', locale)),
            shellWithFirstScreen(shell, module.renderLandingFirstScreen(locale)),
          );
          // For a phone that saves data: the same first screen with the smallest hero (src/domain/data-saver.ts).
          writeFileSync(
            path.join(outDir, savingDataLandingFileName(locale)),
            shellWithFirstScreen(shell, module.renderLandingFirstScreen(locale, true)),
          );
          writeFileSync(
            path.join(outDir, shellFileName(LIST_SHELL_KIND, locale)),
            shellWithFirstScreen(shell, module.renderListFirstScreen(locale)),
          );
        }
      } finally {
        await server.close();
      }
    },
  };
}
