import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { LANDING_SHELL_FILE } from '../../server/http/route-preloads';

/**
 * The landing page's first screen, prerendered. Without it a first visit shows nothing until the entry script
 * (about 100 KiB) has downloaded and run: on a slow phone network, seconds of a blank page. After the build
 * this plugin renders the real header and hero (src/app/prerender/landing-first-screen.tsx) to HTML and
 * writes `landing.html`: the shell with that HTML in `#first-screen` before `#root`. The server sends it for
 * `/`. The app renders into `#root`, hidden by base.css while the first screen stands, and the landing page
 * removes the first screen once it has rendered (src/ui/first-screen.ts), in one frame, so nothing shifts.
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

export function firstScreenPlugin(): Plugin {
  let outDir = 'dist';
  let root = process.cwd();
  let isAppBuild = false;
  return {
    name: 'basha-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      isAppBuild = 'index.html' in bundle;
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
        const module = (await server.ssrLoadModule(RENDER_MODULE)) as { renderLandingFirstScreen(): string };
        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        writeFileSync(
          path.join(outDir, LANDING_SHELL_FILE),
          shellWithFirstScreen(shell, module.renderLandingFirstScreen()),
        );
      } finally {
        await server.close();
      }
    },
  };
}
