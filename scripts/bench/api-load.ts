import autocannon from 'autocannon';
import type { RentPost } from '../../src/domain/rent-post';
import { API, getJson, signInDemoUser, syncAllPages } from './api';
import { BUDGETS } from './budgets';

/**
 * The server under load: autocannon, 10 connections for 10 s per endpoint, from this process (the server runs in its
 * own; both share the machine). Requests carry a session token and `Accept-Encoding: gzip, deflate, br`, as a
 * phone's do. The two answers a phone asks for most have a budget (p99 ≤ 25 ms): the empty delta (a return visit
 * where nothing changed) and a rent detail.
 */

export const CONNECTIONS = 10;
export const DURATION_S = 10;

export interface LoadFigure {
  name: string;
  requestsPerSecond: number;
  latencyP99Ms: number;
  /** Answers other than 2xx, and connection errors: a run with any measured the wrong thing. */
  failures: number;
  budget?: string;
  pass?: boolean;
}

export async function runApiLoad(baseUrl: string): Promise<LoadFigure[]> {
  const session = await signInDemoUser(baseUrl);
  const headers = { authorization: `Bearer ${session.token}`, 'accept-encoding': 'gzip, deflate, br' };
  const sync = await syncAllPages(baseUrl, session);
  const detailId = sync.changed[Math.floor(sync.changed.length / 2)]?._id;
  if (!detailId) throw new Error('no rent post to show in detail');
  // The cursor a phone holds right after syncing: its next delta is empty.
  const { data } = await getJson<{ data: { cursor: string; changed: RentPost[] } }>(
    `${baseUrl}${API}/rent/rent-posts?since=${encodeURIComponent(sync.cursor)}`,
    session.token,
  );

  const endpoints = [
    { name: 'empty delta', path: `/rent/rent-posts?since=${encodeURIComponent(data.cursor)}`, budgeted: true },
    { name: 'rent detail', path: `/rent/view-details/${detailId}`, budgeted: true },
    { name: 'find-services (whole list)', path: '/profession/find-services/all', budgeted: false },
  ];
  const figures: LoadFigure[] = [];
  for (const endpoint of endpoints) {
    const result = await autocannon({
      url: `${baseUrl}${API}${endpoint.path}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers,
    });
    const p99 = result.latency.p99;
    figures.push({
      name: endpoint.name,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP99Ms: p99,
      failures: result.non2xx + result.errors,
      ...(endpoint.budgeted ? { budget: `p99 ≤ ${BUDGETS.serverP99Ms} ms`, pass: p99 <= BUDGETS.serverP99Ms } : {}),
    });
  }
  return figures;
}
