import { spawnSync } from 'node:child_process';
import { rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import {
  keepReport,
  launchLighthouseChromium,
  lighthouseRun,
  pickLanguage,
  runFigures,
  warmUpSignedIn,
} from './lighthouse';
import { signInDemoUser } from './api';
import { buildQueryPage, runQueryBench, type QueryBenchResult } from './query-bench';
import { stopAllStacks, startStack } from './stack';
import { median, round } from './stats';

/**
 * `npm run bench:compare -- [git ref] [runs per page]`: Lighthouse on two builds at once, the working tree's and
 * the ref's (default HEAD), to tell whether a change helps. On a shared machine one run of the same build moves
 * by up to ±4 points with the machine's load, so two `npm run bench` runs minutes apart cannot tell a change of
 * 2 points. Here both builds are served side by side (two benchmark stacks, 10,000 more rent posts each) and
 * Lighthouse runs on them in turn, A, B, A, B, so that whatever else the machine does falls on both alike.
 * Prints, per page and build, the runs and the medians of score, FCP, LCP and TBT. `COMPARE_PATHS=/main/rent` limits
 * the pages, `COMPARE_LOCALE=bn` measures them in Bangla; with BENCH_LIGHTHOUSE_REPORTS=<dir> every run's report is
 * kept there (A-… and B-…), to see what differs. `COMPARE_QUERY_ROUNDS=2` also runs the local-query benchmark
 * (query-bench.ts: the first read of the rent list over 10,000 posts, and the query p95) on each build's own mirror
 * code, that many times each, A, B, A, B; `COMPARE_PATHS=` (empty) then skips Lighthouse.
 */

const ROOT = process.cwd();
const WORKTREE = path.resolve('.tmp/compare-base');
const PATHS = (process.env.COMPARE_PATHS ?? '/,/main/rent,/main/find-service/all').split(',').filter(Boolean);
const QUERY_ROUNDS = Number(process.env.COMPARE_QUERY_ROUNDS ?? 0);
// COMPARE_LOCALE=bn: the pages in Bangla, as a visitor who picked it (the language switch's cookie).
const LOCALE = process.env.COMPARE_LOCALE === 'bn' ? 'bn' : undefined;
const ref = process.argv[2] ?? 'HEAD';
const runs = Number(process.argv[3] ?? 5);

function run(command: string, args: string[], cwd = ROOT) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function buildInto(outDir: string, cwd: string) {
  console.log(`building ${cwd === ROOT ? 'the working tree' : ref} into ${path.relative(ROOT, outDir)} ...`);
  run(
    'node',
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir],
    cwd,
  );
}

function removeWorktree() {
  spawnSync('git', ['worktree', 'remove', '--force', WORKTREE], { cwd: ROOT, stdio: 'ignore' });
  rmSync(WORKTREE, { recursive: true, force: true });
}

type Run = ReturnType<typeof runFigures>;

async function main() {
  removeWorktree();
  run('git', ['worktree', 'add', '--detach', WORKTREE, ref]);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(WORKTREE, 'node_modules'));
  const builds = [
    { label: `A ${ref}`, distDir: path.resolve('.tmp/compare-dist-a'), cwd: WORKTREE, slot: 2 },
    { label: 'B working tree', distDir: path.resolve('.tmp/compare-dist-b'), cwd: ROOT, slot: 3 },
  ];
  for (const build of builds) {
    buildInto(build.distDir, build.cwd);
    if (QUERY_ROUNDS > 0) await buildQueryPage(build.distDir, build.cwd);
  }

  console.log('starting two stacks with 10,000 more rent posts each ...');
  const stacks = await Promise.all(
    builds.map((build, index) =>
      startStack({ name: `compare-${index}`, slot: build.slot, distDir: build.distDir, rentPosts: 10_000 }),
    ),
  );
  // A browser each: cookies are kept per host, whatever the port, so in one browser B's sign-in replaced A's session
  // cookies and A's pages ran with a token A never issued.
  const chromes = await Promise.all(builds.map(() => launchLighthouseChromium()));
  const results = new Map<string, Run[]>();
  try {
    for (const [index, stack] of stacks.entries()) {
      await warmUpSignedIn(chromes[index]!.port, stack.url, PATHS);
      await pickLanguage(chromes[index]!.port, stack.url, LOCALE);
    }
    for (const page of PATHS) {
      for (let round = 0; round < runs; round += 1) {
        for (const [index, build] of builds.entries()) {
          // A lost trace (NO_NAVSTART) is tried again, twice at most.
          for (let attempt = 0; attempt < 3; attempt += 1) {
            try {
              const lhr = await lighthouseRun(chromes[index]!.port, `${stacks[index]!.url}${page}`);
              const result = runFigures(lhr);
              keepReport(lhr, `${build.label.split(' ')[0]} ${page}`, round + 1);
              const key = `${page}\t${build.label}`;
              results.set(key, [...(results.get(key) ?? []), result]);
              console.log(`${page} ${build.label}: ${JSON.stringify(result)}`);
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
  const queries = new Map<string, QueryBenchResult[]>();
  if (QUERY_ROUNDS > 0) {
    const sessions = await Promise.all(stacks.map((stack) => signInDemoUser(stack.url)));
    for (let round = 0; round < QUERY_ROUNDS; round += 1) {
      for (const [index, build] of builds.entries()) {
        const result = await runQueryBench(stacks[index]!.url, sessions[index]!);
        queries.set(build.label, [...(queries.get(build.label) ?? []), result]);
        const { mirrorOpen, filteredOpen, firstPage, nextPage } = result;
        console.log(`local query ${build.label}: ${JSON.stringify({ mirrorOpen, filteredOpen, firstPage, nextPage })}`);
      }
    }
  }

  console.log(
    '\npage                     | build            | score median (runs)        | FCP    | LCP    | TBT    | benchmarkIndex',
  );
  for (const [key, list] of results) {
    const [page, label] = key.split('\t') as [string, string];
    const of = (pick: (item: Run) => number) => median(list.map(pick));
    console.log(
      [
        page.padEnd(24),
        label.padEnd(16),
        `${of((item) => item.score)} (${list.map((item) => item.score).join(', ')})`.padEnd(26),
        `${of((item) => item.fcpMs)}`.padEnd(6),
        `${of((item) => item.lcpMs)}`.padEnd(6),
        `${of((item) => item.tbtMs)}`.padEnd(6),
        `${of((item) => item.benchmarkIndex)}`,
      ].join(' | '),
    );
  }
  if (queries.size > 0) {
    console.log(
      '\nlocal query (ms, medians of the runs)  | build            | open median/p95 | filtered open median/p95 | first page median/p95 | next page p95',
    );
    for (const [label, list] of queries) {
      const of = (pick: (item: QueryBenchResult) => number) => round(median(list.map(pick)), 1);
      console.log(
        [
          `${list[0]!.posts} posts, ${list.length} runs`.padEnd(38),
          label.padEnd(16),
          `${of((item) => item.mirrorOpen.median)} / ${of((item) => item.mirrorOpen.p95)}`.padEnd(15),
          `${of((item) => item.filteredOpen.median)} / ${of((item) => item.filteredOpen.p95)}`.padEnd(24),
          `${of((item) => item.firstPage.median)} / ${of((item) => item.firstPage.p95)}`.padEnd(21),
          `${of((item) => item.nextPage.p95)}`,
        ].join(' | '),
      );
    }
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
