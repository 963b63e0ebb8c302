import { spawnSync } from 'node:child_process';
import { rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_MANIFEST } from '../../src/domain/route-manifest';
import { kib } from './budgets';
import { firstLoadRows, routeEntries } from './bundle-report';
import {
  LIGHTHOUSE_PATHS,
  launchLighthouseChromium,
  lighthouseRun,
  signInForLighthouse,
  type LighthouseFigures,
} from './lighthouse';
import { startStack, stopAllStacks } from './stack';
import { median } from './stats';

/**
 * `npm run bench:compare -- [git ref] [Lighthouse runs per page]`: two builds measured in the same run, the ref's
 * (default HEAD, built in a git worktree under .tmp) and the working tree's, on the figures that have budgets:
 *
 * - first-load JS of every page with a budget, A beside B (exact: read from the two builds);
 * - Lighthouse (default 5 runs a page, 0 to skip): both builds are served at once on two benchmark stacks with
 *   10,000 more rent posts each, a browser each (cookies are kept per host, not per port), and the runs alternate
 *   A, B, A, B, so whatever else the shared machine does falls on both alike. One run of the same build moves by
 *   several points with the machine's load: two `npm run bench` minutes apart cannot tell a change of 2 points.
 *
 * `COMPARE_PATHS=/main/rent` limits the Lighthouse pages, `COMPARE_LOCALE=bn` measures them in Bangla.
 */

const ROOT = process.cwd();
const WORKTREE = path.resolve('.tmp/compare-base');
const ref = process.argv[2] ?? 'HEAD';
const runs = Number(process.argv[3] ?? 5);
const PATHS = process.env.COMPARE_PATHS?.split(',') ?? LIGHTHOUSE_PATHS;
const LOCALE = process.env.COMPARE_LOCALE === 'bn' ? 'bn' : undefined;

function run(command: string, args: string[], cwd = ROOT) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function removeWorktree() {
  spawnSync('git', ['worktree', 'remove', '--force', WORKTREE], { cwd: ROOT, stdio: 'ignore' });
  rmSync(WORKTREE, { recursive: true, force: true });
}

async function main() {
  removeWorktree();
  run('git', ['worktree', 'add', '--detach', WORKTREE, ref]);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(WORKTREE, 'node_modules'));
  const builds = [
    { label: `A ${ref.slice(0, 12)}`, distDir: path.resolve('.tmp/compare-dist-a'), cwd: WORKTREE, slot: 2 },
    { label: 'B working tree', distDir: path.resolve('.tmp/compare-dist-b'), cwd: ROOT, slot: 3 },
  ];
  for (const build of builds) {
    console.log(`building ${build.label} ...`);
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    run(
      'node',
      [vite, 'build', '--logLevel', 'warn', '--outDir', build.distDir, '--emptyOutDir', '--manifest'],
      build.cwd,
    );
  }

  // The ref's own route manifest may differ; the working tree's names the pages (a page it lacks shows as missing).
  const [a, b] = builds.map((build) => firstLoadRows(build.distDir, routeEntries(ROUTE_MANIFEST)));
  console.log(
    `\nfirst-load JS (gzip)             | ${builds[0]!.label.padEnd(12)} | B            | B − A     | budget`,
  );
  for (const row of b!) {
    const before = a!.find((other) => other.path === row.path);
    if (row.budget === undefined && row.path !== '/') continue;
    const delta = before ? row.jsGzip - before.jsGzip : Number.NaN;
    console.log(
      [
        row.path.padEnd(32),
        (before ? kib(before.jsGzip) : 'missing').padEnd(12),
        kib(row.jsGzip).padEnd(12),
        `${delta >= 0 ? '+' : ''}${(delta / 1024).toFixed(1)}`.padEnd(9),
        row.budget === undefined ? '' : `≤ ${kib(row.budget)} ${row.pass ? 'pass' : 'FAIL'}`,
      ].join(' | '),
    );
  }
  if (runs <= 0) return;

  console.log('\nstarting two stacks with 10,000 more rent posts each ...');
  const stacks = await Promise.all(
    builds.map((build, index) =>
      startStack({ name: `compare-${index}`, slot: build.slot, distDir: build.distDir, rentPosts: 10_000 }),
    ),
  );
  const chromes = await Promise.all(builds.map(() => launchLighthouseChromium()));
  const results = new Map<string, LighthouseFigures[]>();
  try {
    for (const [index, stack] of stacks.entries())
      await signInForLighthouse(chromes[index]!.port, stack.url, PATHS, LOCALE);
    for (const page of PATHS) {
      for (let round = 0; round < runs; round += 1) {
        for (const [index, build] of builds.entries()) {
          // A lost trace (NO_NAVSTART) is tried again, twice at most.
          for (let attempt = 0; attempt < 3; attempt += 1) {
            try {
              const figures = await lighthouseRun(
                chromes[index]!.port,
                `${stacks[index]!.url}${page}`,
                `${build.label[0]} ${page}`,
              );
              const key = `${page}\t${build.label}`;
              results.set(key, [...(results.get(key) ?? []), figures]);
              console.log(`${page} ${build.label}: ${JSON.stringify(figures)}`);
              break;
            } catch (error) {
              console.log(`${page} ${build.label}: ${error instanceof Error ? error.message : String(error)}`);
            }
          }
        }
      }
    }
  } finally {
    for (const chrome of chromes) chrome.kill();
  }

  console.log(
    '\nLighthouse (median)      | build            | score (runs)               | FCP    | LCP    | TBT    | CLS   | benchmarkIndex',
  );
  for (const [key, list] of results) {
    const [page, label] = key.split('\t') as [string, string];
    const of = (pick: (item: LighthouseFigures) => number) => median(list.map(pick));
    console.log(
      [
        page.padEnd(24),
        label.padEnd(16),
        `${of((item) => item.score)} (${list.map((item) => item.score).join(', ')})`.padEnd(26),
        `${of((item) => item.fcpMs)}`.padEnd(6),
        `${of((item) => item.lcpMs)}`.padEnd(6),
        `${of((item) => item.tbtMs)}`.padEnd(6),
        `${of((item) => item.cls)}`.padEnd(5),
        `${of((item) => item.benchmarkIndex)}`,
      ].join(' | '),
    );
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAllStacks().finally(() => {
      removeWorktree();
      process.exit(130);
    });
  });
}

try {
  await main();
} finally {
  await stopAllStacks();
  removeWorktree();
}
