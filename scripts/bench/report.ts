/**
 * The budgets of issue 8 and the one table `npm run bench` prints: every figure beside its budget with a mark.
 * A failed budget is reported, never thrown: this is a benchmark, not a test.
 */

export const KIB = 1024;

export const BUDGETS = {
  /** First-load JavaScript (gzip) of the home page. */
  homeJsBytes: 130 * KIB,
  /** First-load JavaScript (gzip) of any /main page. */
  mainJsBytes: 230 * KIB,
  lighthouseScore: 95,
  cls: 0.05,
  /** p95 of a filter, sort and page over the mirror, once open. */
  queryP95Ms: 20,
  /** The first query after a page load, opening the mirror. */
  mirrorOpenMs: 300,
  /** A delta after 100 changes, as a share of the full sync's bytes (both compressed). */
  deltaShare: 0.03,
  /** A card photo (thumbnail), in bytes (40 KB). */
  thumbnailBytes: 40_000,
  /** p99 of /health and of the rent list while uploads flood the server (issue 17). */
  floodProbeP99Ms: 100,
  /** The server process's peak resident memory during an upload flood, in MB. */
  floodPeakRssMb: 600,
  /** Empty deltas per second as a share of a bare Hono server's small JSON answers, same run (issue 23). */
  emptyDeltaShare: 0.1,
  /** Rent details per second as a share of the same bare Hono server. */
  rentDetailShare: 0.05,
  /** p99 of the empty delta and of the rent detail at 10 connections. */
  serverP99Ms: 25,
  /** Two server processes over one PostgreSQL database: at least this many times one process's rate. */
  twoProcessScale: 1.6,
  /** A first visit to `/` on mobile data, everything on the wire: the page, the service worker and its caches. */
  firstVisitBytes: 250 * KIB,
  /** A repeat visit to `/` with the service worker in place. */
  repeatVisitBytes: 10 * KIB,
} as const;

export interface Row {
  section: string;
  measure: string;
  figure: string;
  budget?: string;
  /** true pass, false fail, undefined no budget. */
  pass?: boolean;
  note?: string;
}

export function markOf(pass: boolean | undefined): string {
  if (pass === undefined) return '';
  return pass ? 'pass' : 'FAIL';
}

/** The JS budget of a route: `/` and the /main pages have one, other pages none. */
export function jsBudgetFor(route: string): number | undefined {
  if (route === '/') return BUDGETS.homeJsBytes;
  if (route === '/main' || route.startsWith('/main/')) return BUDGETS.mainJsBytes;
  return undefined;
}

export function kib(bytes: number, digits = 1): string {
  return `${(bytes / KIB).toFixed(digits)} KiB`;
}

export function ms(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value >= 100 ? `${Math.round(value)} ms` : `${value.toFixed(1)} ms`;
}

export function percent(share: number, digits = 2): string {
  return `${(share * 100).toFixed(digits)} %`;
}

/** Renders rows as one plain-text table, a line under the header and between sections. */
export function renderTable(rows: readonly Row[]): string {
  const header = ['Section', 'Measure', 'Figure', 'Budget', 'Mark'];
  const cells = rows.map((row) => [
    row.section,
    row.measure,
    row.figure + (row.note ? ` (${row.note})` : ''),
    row.budget ?? '',
    markOf(row.pass),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => (cell[column] as string).length)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, column) => value.padEnd(widths[column] as number))
      .join(' | ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('-+-');
  const out = [line(header), rule];
  let previous: string | undefined;
  cells.forEach((cell, index) => {
    const section = rows[index]?.section;
    if (previous !== undefined && section !== previous) out.push(rule);
    out.push(line(previous === section ? ['', ...cell.slice(1)] : cell));
    previous = section;
  });
  return out.join('\n');
}

export function budgetSummary(rows: readonly Row[]): { passed: number; failed: number; failures: string[] } {
  const judged = rows.filter((row) => row.pass !== undefined);
  const failures = judged.filter((row) => row.pass === false).map((row) => `${row.section}: ${row.measure}`);
  return { passed: judged.length - failures.length, failed: failures.length, failures };
}
