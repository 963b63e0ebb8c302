import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROUTE_MANIFEST } from '../../src/domain/route-manifest';
import { signInDemoUser } from './api';
import { runApiLoad } from './api-load';
import { BUDGETS, kib } from './budgets';
import { firstLoadRows, routeEntries } from './bundle-report';
import {
  LIGHTHOUSE_PATHS,
  launchLighthouseChromium,
  lighthouseRun,
  signInForLighthouse,
  type LighthouseFigures,
} from './lighthouse';
import { buildQueryPage, runQueryBench } from './query-bench';
import { startStack, stopAllStacks } from './stack';
import { median } from './stats';

/**
 * `npm run bench [-- bundle query api lighthouse]`: the figures that have a budget (docs/performance.md), in one table
 * with each budget and a mark, written to bench/results.json too. Without arguments, every section. It builds the app
 * into .tmp/bench-dist and, for the other sections than `bundle`, starts its own stack (scripts/bench/stack.ts) with
 * BENCH_RENT_POSTS (10,000) more rent posts. A missed budget is marked FAIL; the command fails only if a section
 * cannot run. Timings on a shared machine move by more than a small change: to tell whether a change helps, use
 * `npm run bench:compare`, which measures two builds in the same run.
 */

const SECTIONS = ['bundle', 'query', 'api', 'lighthouse'] as const;
type Section = (typeof SECTIONS)[number];
const asked = process.argv.slice(2).filter((arg): arg is Section => (SECTIONS as readonly string[]).includes(arg));
const sections = new Set<Section>(asked.length > 0 ? asked : SECTIONS);
const DIST_DIR = path.resolve('.tmp/bench-dist');
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

interface Row {
  section: Section;
  measure: string;
  figure: string;
  budget?: string;
  pass?: boolean;
}

const rows: Row[] = [];
const ms = (value: number) => `${value.toFixed(1)} ms`;

function build() {
  console.log('building the app into .tmp/bench-dist ...');
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn', '--outDir', DIST_DIR, '--manifest'],
    { stdio: 'inherit' },
  );
}

async function main() {
  build();
  if (sections.has('bundle')) {
    for (const route of firstLoadRows(DIST_DIR, routeEntries(ROUTE_MANIFEST))) {
      rows.push({
        section: 'bundle',
        measure: `first-load JS ${route.path}`,
        figure: `${kib(route.jsGzip)} gzip (CSS ${kib(route.cssGzip)})`,
        ...(route.budget === undefined ? {} : { budget: `≤ ${kib(route.budget)}`, pass: route.pass }),
      });
    }
  }
  if (!['query', 'api', 'lighthouse'].some((section) => sections.has(section as Section))) return;

  if (sections.has('query')) await buildQueryPage(DIST_DIR);
  console.log('starting the benchmark stack ...');
  const stack = await startStack({
    name: 'bench',
    slot: 0,
    distDir: DIST_DIR,
    rentPosts: Number(process.env.BENCH_RENT_POSTS ?? 10_000),
  });
  console.log(`${stack.seeded} rent posts seeded; ${stack.url}`);

  if (sections.has('query')) {
    console.log('local query ...');
    const q = await runQueryBench(stack.url, await signInDemoUser(stack.url));
    // One row a figure: its median (mirror open) or p95 (queries) against the budget for it.
    const openRow = (measure: string, figure: number): Row => ({
      section: 'query',
      measure,
      figure: `median ${ms(figure)}`,
      budget: `≤ ${BUDGETS.mirrorOpenMs} ms`,
      pass: figure <= BUDGETS.mirrorOpenMs,
    });
    const queryRow = (measure: string, figure: number): Row => ({
      section: 'query',
      measure,
      figure: `p95 ${ms(figure)}`,
      budget: `p95 ≤ ${BUDGETS.queryP95Ms} ms`,
      pass: figure <= BUDGETS.queryP95Ms,
    });
    rows.push(
      openRow(`mirror open (${q.posts} posts)`, q.mirrorOpen.median),
      openRow('mirror open with a filter in the address', q.filteredOpen.median),
      queryRow(`filter+sort+first page (${q.mirrorQueries} queries)`, q.firstPage.p95),
      ...(q.placeFirstPage
        ? [queryRow(`  of which by place (${q.placeCombinations} combinations)`, q.placeFirstPage.p95)]
        : []),
      ...(q.searchFirstPage
        ? [queryRow(`  of which issue 39's searches (${q.searchCombinations} combinations)`, q.searchFirstPage.p95)]
        : []),
      queryRow('next page', q.nextPage.p95),
    );
  }

  if (sections.has('api')) {
    console.log('API under load (autocannon) ...');
    for (const figure of await runApiLoad(stack.directUrl)) {
      rows.push({
        section: 'api',
        measure: figure.name,
        figure: `${figure.requestsPerSecond} req/s, p99 ${figure.latencyP99Ms} ms${figure.failures ? `, ${figure.failures} failed` : ''}`,
        ...(figure.budget ? { budget: figure.budget, pass: figure.pass === true && figure.failures === 0 } : {}),
      });
    }
  }

  if (sections.has('lighthouse')) {
    console.log(`Lighthouse, ${LIGHTHOUSE_RUNS} runs a page ...`);
    const chrome = await launchLighthouseChromium();
    try {
      await signInForLighthouse(chrome.port, stack.url, LIGHTHOUSE_PATHS);
      for (const page of LIGHTHOUSE_PATHS) {
        const runs: LighthouseFigures[] = [];
        for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1)
          runs.push(await lighthouseRun(chrome.port, `${stack.url}${page}`, page));
        const of = (pick: (run: LighthouseFigures) => number) => median(runs.map(pick));
        rows.push(
          {
            section: 'lighthouse',
            measure: `${page} performance`,
            figure: `${of((run) => run.score)} (LCP ${of((run) => run.lcpMs)} ms, TBT ${of((run) => run.tbtMs)} ms; benchmarkIndex ${of((run) => run.benchmarkIndex)})`,
            budget: `≥ ${BUDGETS.lighthouseScore}`,
            pass: of((run) => run.score) >= BUDGETS.lighthouseScore,
          },
          {
            section: 'lighthouse',
            measure: `${page} CLS`,
            figure: of((run) => run.cls).toFixed(3),
            budget: `≤ ${BUDGETS.cls}`,
            pass: of((run) => run.cls) <= BUDGETS.cls,
          },
        );
      }
    } finally {
      chrome.kill();
    }
  }
}

function report() {
  const widths = [10, 48, 44, 16];
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ');
  console.log(`\n${line(['Section', 'Measure', 'Figure', 'Budget', 'Mark'])}`);
  for (const row of rows) {
    const mark = row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL';
    console.log(line([row.section, row.measure, row.figure, row.budget ?? '', mark]));
  }
  const judged = rows.filter((row) => row.pass !== undefined);
  console.log(
    `\nBudgets: ${judged.filter((row) => row.pass).length} pass, ${judged.filter((row) => !row.pass).length} fail`,
  );
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim();
  const dirty = execFileSync('git', ['status', '--porcelain']).toString().trim() !== '';
  const machine = `${os.cpus().length} cores, ${os.cpus()[0]?.model ?? ''}, Node ${process.version}`;
  writeFileSync(
    'bench/results.json',
    `${JSON.stringify({ commit: dirty ? `${commit} (with changes)` : commit, date: new Date().toISOString(), machine, rows }, null, 1)}\n`,
  );
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopAllStacks().finally(() => process.exit(130)));
}

try {
  await main();
  report();
} finally {
  await stopAllStacks();
}
