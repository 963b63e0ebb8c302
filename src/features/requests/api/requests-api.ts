import type { NewRequestValues, RequestAction, RequestRecord, RequestRole } from '@/domain/request-status';
import { api } from '@/lib/api-client';

/**
 * The requests endpoints (docs/api.md, Requests). The writes are sent by the outbox (./request-senders.ts), each
 * with its item's Idempotency-Key, so that a retry of a lost answer is not a second request or a second move.
 */

interface Answer<T> {
  message: string;
  data: T;
}

/** Asks for a job or a visit; answers the server's words and the request made. */
export async function sendRequest(values: NewRequestValues, key: string): Promise<Answer<RequestRecord>> {
  return api.post('requests', { json: values, headers: { 'Idempotency-Key': key } }).json<Answer<RequestRecord>>();
}

/** The signed-in person's requests as a customer or as the listing's owner, newest first. */
export async function fetchRequests(as: RequestRole, signal?: AbortSignal): Promise<RequestRecord[]> {
  const body = await api
    .get('requests', { searchParams: { as }, ...(signal ? { signal } : {}) })
    .json<Answer<RequestRecord[]>>();
  return body.data;
}

/** The request's thread: the conversation of its listing and customer, opened by either side (made if need be). */
export async function openRequestThread(id: string): Promise<string> {
  const body = await api.post(`conversations/of-request/${encodeURIComponent(id)}`).json<Answer<{ _id: string }>>();
  return body.data._id;
}

export interface RequestChange {
  action: RequestAction;
  price?: number;
  reason?: string;
}

/** Answers a request (accept, decline, cancel, done); a refused move is a 409 whose data is the current status. */
export async function actOnRequest(id: string, change: RequestChange, key: string): Promise<Answer<RequestRecord>> {
  return api
    .patch(`requests/${encodeURIComponent(id)}`, { json: change, headers: { 'Idempotency-Key': key } })
    .json<Answer<RequestRecord>>();
}

/** Whether an answer's data is a request (what a sent item's result carries, typed `unknown` by the outbox). */
export function isRequestRecord(value: unknown): value is RequestRecord {
  return typeof value === 'object' && value !== null && '_id' in value && 'status' in value && 'history' in value;
}
