import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ConversationRecord, MessageRecord, MessagesPage } from '../../src/domain/conversation';
import { rentAdOf } from '../requests/request-test-kit';
import type { SignedInUser, TestContext, TestResponse } from '../test/test-app';

/** Calls the conversation tests share (server/conversations/*.test.ts). */

export const start = (
  ctx: TestContext,
  token: string | undefined,
  json: unknown,
  headers: Record<string, string> = {},
): Promise<TestResponse<ConversationRecord>> =>
  ctx.request<ConversationRecord>('POST', '/api/v1/conversations', { ...(token ? { token } : {}), json, headers });

export const send = (
  ctx: TestContext,
  user: SignedInUser,
  id: string,
  text: string,
  clientId: string = randomUUID(),
  headers: Record<string, string> = {},
): Promise<TestResponse<MessageRecord>> =>
  ctx.request<MessageRecord>('POST', `/api/v1/conversations/${id}/messages`, {
    token: user.token,
    json: { clientId, text },
    headers,
  });

export const pageOf = (ctx: TestContext, user: SignedInUser, id: string, since?: number | string) =>
  ctx.request<MessagesPage>(
    'GET',
    `/api/v1/conversations/${id}/messages${since === undefined ? '' : `?since=${since}`}`,
    { token: user.token },
  );

export const headOf = (ctx: TestContext, user: SignedInUser, id: string) =>
  ctx.request<ConversationRecord>('GET', `/api/v1/conversations/${id}`, { token: user.token });

export const act = (ctx: TestContext, user: SignedInUser, method: string, id: string, path: string, json?: unknown) =>
  ctx.request<ConversationRecord>(method, `/api/v1/conversations/${id}/${path}`, {
    token: user.token,
    ...(json === undefined ? {} : { json }),
  });

/** A rent ad of `owner` and the conversation `starter` opened about it. */
export async function conversationBetween(ctx: TestContext, owner: SignedInUser, starter: SignedInUser) {
  const ad = await rentAdOf(ctx, owner);
  const started = await start(ctx, starter.token, { listingKind: 'rent', listingId: ad });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { ad, id: started.body.data!._id };
}
