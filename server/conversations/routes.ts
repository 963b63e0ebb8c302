import { Hono } from 'hono';
import type { ConversationRecord, MessageRecord, MessagesPage, UnreadCount } from '../../src/domain/conversation';
import { newConversationSchema, newMessageSchema, readMarkSchema } from '../../src/domain/conversation-forms';
import { requireVerifiedEmail } from '../accounts/verified-email';
import { requireSession, type AuthEnv } from '../auth/middleware';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { idempotent } from '../http/idempotency';
import { currentLanguage } from '../http/request-locale';
import { readJsonBody } from '../http/validate';
import {
  conversationFor,
  conversationOfRequest,
  conversationsOf,
  markRead,
  messagesOf,
  parseSince,
  sendMessage,
  setBlock,
  shareNumber,
  startConversation,
  unreadCountOf,
} from './conversation-store';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * Conversations under /api/v1/conversations (issue 42): `POST /` starts one about a listing (or answers the one the
 * caller has), `GET /` lists the caller's, `GET /unread-count` counts those with something unread (the header's
 * badge), and under `/{id}`: the record, its messages (`?since=`), a new message, the read mark, "Share my number",
 * and block / unblock. Every route needs a session; starting one needs a verified e-mail address or phone number, as
 * posting does. Only the conversation's two people reach `/{id}`: anyone else, and any id that is not one, gets 404.
 * Each answer is written for its reader (./conversation-store.ts says how).
 */
export function conversationRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.use('*', requireSession(deps));
  const userOf = (c: { get(key: 'session'): { userId: string } }) => c.get('session').userId;

  routes.post(
    '/',
    requireVerifiedEmail(),
    idempotent<AuthEnv, '/'>(deps, userOf, async (c, db) => {
      const input = await readJsonBody(c, newConversationSchema);
      const started = await startConversation(db, userOf(c), input, deps.clock.now(), currentLanguage());
      return ok<ConversationRecord>(c, m.server_conversations_started(), started.record, started.created ? 201 : 200);
    }),
  );

  // A request's thread: either side of the request opens the conversation of its listing and customer.
  routes.post('/of-request/:requestId', async (c) => {
    const opened = await conversationOfRequest(
      deps.db,
      c.req.param('requestId'),
      userOf(c),
      deps.clock.now(),
      currentLanguage(),
    );
    return ok<ConversationRecord>(c, m.server_conversations_started(), opened.record, opened.created ? 201 : 200);
  });

  routes.get('/', async (c) => {
    const list = await conversationsOf(deps.db, userOf(c), currentLanguage());
    return ok<ConversationRecord[]>(c, m.server_conversations_found(), list);
  });

  routes.get('/unread-count', async (c) => {
    const count = await unreadCountOf(deps.db, userOf(c));
    return ok<UnreadCount>(c, m.server_conversations_unread(), { count });
  });

  routes.get('/:id', async (c) => {
    const record = await conversationFor(deps.db, c.req.param('id'), userOf(c), currentLanguage());
    return ok<ConversationRecord>(c, m.server_conversations_one(), record);
  });

  routes.get('/:id/messages', async (c) => {
    const since = parseSince(c.req.query('since'));
    const page = await messagesOf(deps.db, c.req.param('id'), userOf(c), since);
    return ok<MessagesPage>(c, m.server_conversations_messages_found(), page);
  });

  routes.post(
    '/:id/messages',
    idempotent<AuthEnv, '/:id/messages'>(deps, userOf, async (c, db) => {
      const input = await readJsonBody(c, newMessageSchema);
      const sent = await sendMessage(db, c.req.param('id'), userOf(c), input, deps.clock.now(), currentLanguage());
      if (sent.created) {
        // The other person's devices are told (push, issue 43), once the message is committed: the job is written
        // in the same transaction when the send has an Idempotency-Key, right after it otherwise.
        const about = { type: 'message', url: `/main/messages/${sent.record.conversationId}` } as const;
        await deps.jobs.send('push.notify', { userId: sent.recipientId, about }, { within: db });
      }
      return ok<MessageRecord>(c, m.server_conversations_sent(), sent.record, sent.created ? 201 : 200);
    }),
  );

  routes.post('/:id/read', async (c) => {
    const { upTo } = await readJsonBody(c, readMarkSchema);
    await markRead(deps.db, c.req.param('id'), userOf(c), upTo);
    const record = await conversationFor(deps.db, c.req.param('id'), userOf(c), currentLanguage());
    return ok<ConversationRecord>(c, m.server_conversations_read(), record);
  });

  routes.post('/:id/share-number', async (c) => {
    await shareNumber(deps.db, c.req.param('id'), userOf(c), deps.clock.now());
    const record = await conversationFor(deps.db, c.req.param('id'), userOf(c), currentLanguage());
    return ok<ConversationRecord>(c, m.server_conversations_number_shared(), record);
  });

  for (const [method, blocked] of [
    ['post', true],
    ['delete', false],
  ] as const) {
    routes[method]('/:id/block', async (c) => {
      await setBlock(deps.db, c.req.param('id'), userOf(c), blocked);
      const record = await conversationFor(deps.db, c.req.param('id'), userOf(c), currentLanguage());
      const message = blocked ? m.server_conversations_blocked_now() : m.server_conversations_unblocked();
      return ok<ConversationRecord>(c, message, record);
    });
  }

  return routes;
}
