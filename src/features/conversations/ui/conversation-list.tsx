import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ConversationRecord } from '@/domain/conversation';
import { localDigits } from '@/i18n/digits';
import { formatSavedAgo } from '@/i18n/format';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage } from '@/lib/api-client';
import { subscribeToUserEvents } from '@/lib/user-event-stream';
import { readWithOfflineCopy, type RecordSource } from '@/lib/viewed-records/with-offline-copy';
import { markFirstContentShown } from '@/lib/when-idle';
import { ButtonLink } from '@/ui/button';
import { LoadFailed } from '@/ui/load-failed';
import { SpinnerScreen } from '@/ui/spinner';
import { fetchConversations } from '../api/conversations-api';
import { formatListTime } from './message-time';
import { announceCountsChanged } from '@/lib/header-counts';

/** The API path the list is read from, and its copy kept under (the phone's copy opens offline). */
export const CONVERSATIONS_PATH = 'conversations';

type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; conversations: ConversationRecord[]; source: RecordSource };

/** Newest activity first (the server answers so; a copy merged with live changes is put back in order). */
const byActivity = (a: ConversationRecord, b: ConversationRecord) =>
  (b.lastMessageAt ?? b.createdAt).localeCompare(a.lastMessageAt ?? a.createdAt);

/**
 * /main/messages (issue 42): the person's conversations, newest activity first, each with the other person, the
 * listing, the start of the last message, its time and the unread count. Read from the server and kept on the phone
 * (src/lib/viewed-records), so it opens offline from the last copy; read again on every live event.
 */
export function ConversationList({ now = () => new Date() }: { now?: () => Date }) {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const load = useCallback((signal?: AbortSignal) => {
    readWithOfflineCopy(CONVERSATIONS_PATH, () => fetchConversations(signal)).then(
      ({ value, source }) => setState({ status: 'loaded', conversations: [...value].sort(byActivity), source }),
      async (error: unknown) => {
        if (signal?.aborted) return;
        setState({ status: 'error', message: await apiErrorMessage(error, m.conversations_load_failed()) });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    const stop = subscribeToUserEvents((event) => {
      if (event.type === 'message' || event.type === 'conversation') load();
    });
    return () => {
      controller.abort();
      stop();
    };
  }, [load]);

  useEffect(() => {
    if (state.status === 'loading') return;
    markFirstContentShown();
    if (state.status === 'loaded' && state.source.from === 'server') announceCountsChanged();
  }, [state]);

  const locale = getLocale();
  return (
    <section className="page conversations-page" aria-labelledby="conversations-title">
      <h1 id="conversations-title">{m.conversations_title()}</h1>
      {state.status === 'loading' ? <SpinnerScreen label={m.conversations_loading()} /> : null}
      {state.status === 'error' ? (
        <LoadFailed
          message={state.message}
          retryLabel={m.conversations_try_again()}
          onRetry={() => {
            setState({ status: 'loading' });
            load();
          }}
        />
      ) : null}
      {state.status === 'loaded' && state.source.from === 'phone' ? (
        <p className="notice notice--info" role="status">
          {m.conversations_offline_copy({
            ago: formatSavedAgo(state.source.savedAt ?? now().getTime(), now().getTime(), locale),
          })}
        </p>
      ) : null}
      {state.status === 'loaded' && state.conversations.length === 0 ? <EmptyConversations /> : null}
      {state.status === 'loaded' && state.conversations.length > 0 ? (
        <ul className="conversation-list">
          {state.conversations.map((conversation) => (
            <li key={conversation._id}>
              <ConversationRow conversation={conversation} now={now()} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function ConversationRow({ conversation, now }: { conversation: ConversationRecord; now: Date }) {
  const locale = getLocale();
  const { lastMessage, unread } = conversation;
  const count = localDigits(String(unread), locale);
  const at = conversation.lastMessageAt ?? conversation.createdAt;
  return (
    <Link
      to={`/main/messages/${encodeURIComponent(conversation._id)}`}
      className={`card conversation-row${unread > 0 ? ' conversation-row--unread' : ''}`}
    >
      <span className="conversation-row__head">
        <strong className="conversation-row__name">{conversation.other.name}</strong>
        <time className="conversation-row__time" dateTime={at}>
          {formatListTime(at, now, locale)}
        </time>
      </span>
      <span className="conversation-row__listing">{conversation.listing.title}</span>
      <span className="conversation-row__last">
        <span className="conversation-row__text">
          {lastMessage
            ? lastMessage.mine
              ? m.conversations_you({ text: lastMessage.text })
              : lastMessage.text
            : m.conversations_no_messages()}
        </span>
        {unread > 0 ? (
          <span className="conversation-row__unread">
            <span aria-hidden="true">{count}</span>
            <span className="visually-hidden">{m.conversations_unread_count({ count })}</span>
          </span>
        ) : null}
      </span>
    </Link>
  );
}

function EmptyConversations() {
  return (
    <div className="empty-panel">
      <p>{m.conversations_empty()}</p>
      <div className="conversations-page__onward">
        <ButtonLink to="/main/find-service/all">{m.conversations_find_service()}</ButtonLink>
        <ButtonLink to="/main/rent" variant="secondary">
          {m.conversations_find_home()}
        </ButtonLink>
      </div>
    </div>
  );
}
