import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  MESSAGE_MAX_LENGTH,
  MESSAGE_MIN_LENGTH,
  MESSAGES_PAGE_MAX,
  type ConversationRecord,
  type MessageRecord,
  type MessagesPage,
} from '@/domain/conversation';
import { LISTING_KIND_FACTS, listingPagePath, type ListingKind } from '@/domain/listing-kinds';
import { readablePhone, telHref } from '@/domain/phone-links';
import type { ScamWarning } from '@/domain/scam-warnings';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage } from '@/lib/api-client';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { loadOutbox } from '@/lib/outbox/outbox-lazy';
import { useOutboxItemsOf } from '@/lib/outbox/use-outbox-items';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { subscribeToUserEvents } from '@/lib/user-event-stream';
import { readWithOfflineCopy } from '@/lib/viewed-records/with-offline-copy';
import { markFirstContentShown } from '@/lib/when-idle';
import { Button } from '@/ui/button';
import { ReportButton } from '@/ui/moderation-slots';
import { SpinnerScreen } from '@/ui/spinner';
import { WaitingBadge } from '@/ui/waiting-badge';
import {
  fetchConversation,
  fetchMessages,
  isMessageRecord,
  markRead,
  setBlocked,
  shareMyNumber,
} from '../api/conversations-api';
import type { QueuedMessage } from '../api/message-sender';
import { formatMessageTime, messageDay } from './message-time';
import { announceCountsChanged } from '@/lib/header-counts';
import { useReadAgainWhenSent } from '@/lib/outbox/use-read-again-when-sent';

/** Shown with the composer once this few characters are left. */
const COUNTER_FROM_LEFT = 200;

const conversationPath = (id: string) => `conversations/${id}`;
const messagesPath = (id: string) => `conversations/${id}/messages`;

/**
 * The latest page with newer messages merged in: one copy of each message (by `_id`), oldest first, at most a page's
 * worth kept. `cursor` only moves forward, so a delta is never read from before what is known.
 */
export function mergeMessages(known: MessagesPage | undefined, newer: MessagesPage): MessagesPage {
  const byId = new Map<string, MessageRecord>();
  for (const message of [...(known?.messages ?? []), ...newer.messages]) byId.set(message._id, message);
  const all = [...byId.values()].sort((a, b) => a.seq - b.seq);
  const kept = all.slice(-MESSAGES_PAGE_MAX);
  return {
    messages: kept,
    cursor: Math.max(known?.cursor ?? 0, newer.cursor),
    hasMore: (known?.hasMore ?? false) || newer.hasMore || kept.length < all.length,
  };
}

type Loaded<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; value: T };

/**
 * /main/messages/{id} (issue 42): one conversation. Its head (the other person, the listing, Share my number, their
 * number once shared, Block, Report), the messages as bubbles (mine on the right), and the composer. A message goes
 * through the outbox (kind `message`, its item's key as its clientId): written offline it shows as waiting until it is
 * sent, then the server's copy takes its place. New messages are read with `?since=` and arrive live from the event
 * stream; what is shown is marked read. The head and the latest messages are kept on the phone and open offline.
 */
export function ConversationThread({ id, selfId }: { id: string; selfId: string }) {
  const [head, setHead] = useState<Loaded<ConversationRecord>>({ status: 'loading' });
  const [page, setPage] = useState<Loaded<MessagesPage>>({ status: 'loading' });
  const known = useRef<MessagesPage | undefined>(undefined);
  const reading = useRef<Promise<unknown>>(Promise.resolve());

  const loadHead = useCallback(() => {
    readWithOfflineCopy(conversationPath(id), () => fetchConversation(id)).then(
      ({ value }) => setHead({ status: 'loaded', value }),
      async (error: unknown) => {
        const message = await apiErrorMessage(error, m.conversations_thread_failed());
        setHead((shown) => (shown.status === 'loaded' ? shown : { status: 'error', message }));
      },
    );
  }, [id]);

  const show = useCallback((value: MessagesPage) => {
    known.current = value;
    setPage({ status: 'loaded', value });
  }, []);

  // One read at a time, each from what the one before it knew: the latest page first, then what came since.
  const loadMessages = useCallback(() => {
    reading.current = reading.current.then(() =>
      readWithOfflineCopy(messagesPath(id), async () => {
        const before = known.current;
        const read = await fetchMessages(id, before?.cursor);
        return before ? mergeMessages(known.current, read) : read;
      }).then(
        ({ value }) => show(mergeMessages(known.current, value)),
        async (error: unknown) => {
          const message = await apiErrorMessage(error, m.conversations_thread_failed());
          setPage((shown) => (shown.status === 'loaded' ? shown : { status: 'error', message }));
        },
      ),
    );
  }, [id, show]);

  useEffect(() => {
    known.current = undefined;
    loadHead();
    loadMessages();
    const stop = subscribeToUserEvents((event) => {
      if (event.type === 'request' || event.conversationId !== id) return;
      if (event.type === 'message')
        show(mergeMessages(known.current, { messages: [event.message], cursor: 0, hasMore: false }));
      else loadHead();
    });
    const again = () => {
      if (document.visibilityState !== 'visible') return;
      loadMessages();
      loadHead();
    };
    window.addEventListener('online', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      stop();
      window.removeEventListener('online', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [id, loadHead, loadMessages, show]);

  const messages = page.status === 'loaded' ? page.value.messages : [];
  useMarkRead(id, messages);
  useEffect(() => {
    if (page.status !== 'loading') markFirstContentShown();
  }, [page.status]);

  // Messages written on this phone and not sent yet; one whose server copy is here is shown as that copy.
  const items = useOutboxItemsOf('message');
  const readQueuedMessage = useQueuedMessageReader();
  const sentIds = new Set(messages.flatMap((message) => (message.clientId ? [message.clientId] : [])));
  const waiting = items.flatMap((item) => {
    const queued = readQueuedMessage?.(item.payload);
    return queued?.conversationId === id && !sentIds.has(item.key) ? [{ item, text: queued.text }] : [];
  });
  useReadAgainWhenSent(
    waiting.map(({ item }) => item),
    loadMessages,
  );

  if (head.status === 'loading' && page.status === 'loading') {
    return <SpinnerScreen label={m.conversations_thread_loading()} />;
  }
  const failed = head.status === 'error' ? head : page.status === 'error' ? page : undefined;
  if (failed && head.status !== 'loaded') {
    return (
      <section className="page conversation-thread">
        <p className="notice notice--error" role="alert">
          {failed.message}
        </p>
        <Link to="/main/messages">{m.conversations_back()}</Link>
      </section>
    );
  }
  const conversation = head.status === 'loaded' ? head.value : undefined;
  const blocked = conversation && (conversation.blockedByMe || conversation.blockedMe);

  return (
    <section className="page conversation-thread" aria-labelledby="thread-title">
      <Link to="/main/messages" className="conversation-thread__back">
        {m.conversations_back()}
      </Link>
      {conversation ? <ThreadHead conversation={conversation} selfId={selfId} onChanged={setHead} /> : null}
      <ol className="thread" aria-live="polite">
        {messages.map((message, index) => (
          <MessageBubble
            key={message._id}
            message={message}
            dayBefore={index === 0 ? undefined : messages[index - 1]!.createdAt}
            listingKind={conversation?.listing.kind}
            conversationId={id}
          />
        ))}
        {waiting.map(({ item, text }) => (
          <WaitingBubble key={item.id} item={item} text={text} />
        ))}
      </ol>
      {page.status === 'loaded' && messages.length === 0 && waiting.length === 0 ? (
        <p className="conversation-thread__hint">{m.conversations_start_hint()}</p>
      ) : null}
      {conversation && blocked ? (
        <p className="notice notice--info conversation-thread__blocked" role="status">
          {conversation.blockedByMe
            ? m.conversations_blocked_by_me({ name: conversation.other.name })
            : m.conversations_blocked_me({ name: conversation.other.name })}
        </p>
      ) : null}
      {conversation && !blocked ? (
        <Composer
          conversation={conversation}
          selfId={selfId}
          onSent={(message) => show(mergeMessages(known.current, { messages: [message], cursor: 0, hasMore: false }))}
        />
      ) : null}
    </section>
  );
}

/**
 * How a waiting message's payload is read: with the sender's shape, loaded from its chunk as the thread first shows
 * (the outbox, which lists the items, loads lazily too). A static import would put the sender, which the outbox also
 * loads, into the code every form page loads.
 */
function useQueuedMessageReader(): ((payload: unknown) => QueuedMessage | undefined) | undefined {
  const [reader, setReader] = useState<(payload: unknown) => QueuedMessage | undefined>();
  useEffect(() => {
    let live = true;
    void import('../api/message-sender').then((module) => {
      if (live) setReader(() => module.readQueuedMessage);
    });
    return () => {
      live = false;
    };
  }, []);
  return reader;
}

/** Marks read what the person sees: the thread's newest message, whenever a newer one shows while the page is seen. */
function useMarkRead(id: string, messages: readonly MessageRecord[]) {
  const newest = messages.at(-1)?.seq ?? 0;
  const marked = useRef(0);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const follow = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
  useEffect(() => {
    if (!visible || newest <= marked.current) return;
    const upTo = newest;
    marked.current = upTo;
    markRead(id, upTo).then(announceCountsChanged, () => {
      // Not marked (offline): the next message or return to the page tries again.
      if (marked.current === upTo) marked.current = 0;
    });
  }, [id, newest, visible]);
}

type Confirming = 'share' | 'block' | 'unblock' | undefined;

function ThreadHead({
  conversation,
  selfId,
  onChanged,
}: {
  conversation: ConversationRecord;
  selfId: string;
  onChanged: (head: Loaded<ConversationRecord>) => void;
}) {
  const [confirming, setConfirming] = useState<Confirming>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const locale = getLocale();
  const { listing, other } = conversation;
  const ownerId = conversation.role === 'owner' ? selfId : other._id;
  const listingPath = listingPagePath(LISTING_KIND_FACTS[listing.kind].appPage, { id: listing._id, ownerId });

  const act = async (change: () => Promise<ConversationRecord>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      onChanged({ status: 'loaded', value: await change() });
      setConfirming(undefined);
    } catch (error) {
      setProblem(await apiErrorMessage(error, m.conversations_action_failed()));
    } finally {
      setBusy(false);
    }
  };
  const question =
    confirming === 'share'
      ? m.conversations_share_confirm({ name: other.name })
      : confirming === 'block'
        ? m.conversations_block_confirm({ name: other.name })
        : m.conversations_unblock_confirm({ name: other.name });
  const yes =
    confirming === 'share'
      ? m.conversations_share_yes()
      : confirming === 'block'
        ? m.conversations_block_yes()
        : m.conversations_unblock_yes();

  return (
    <header className="card thread-head">
      <h1 id="thread-title" className="thread-head__name">
        {other.name}
      </h1>
      <p className="thread-head__listing">
        {m.conversations_about()}:{' '}
        {listingPath ? <Link to={listingPath}>{listing.title}</Link> : <span>{listing.title}</span>}
      </p>
      {conversation.otherNumber ? (
        <a className="button button--secondary thread-head__call" href={telHref(conversation.otherNumber)}>
          {m.conversations_call({ number: readablePhone(conversation.otherNumber, locale) })}
        </a>
      ) : null}
      {confirming ? (
        <div className="thread-head__confirm" role="group" aria-label={question}>
          <p>{question}</p>
          <div className="thread-head__actions">
            <Button
              disabled={busy}
              onClick={() =>
                void act(() =>
                  confirming === 'share'
                    ? shareMyNumber(conversation._id)
                    : setBlocked(conversation._id, confirming === 'block'),
                )
              }
            >
              {yes}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirming(undefined)}>
              {m.conversations_cancel()}
            </Button>
          </div>
        </div>
      ) : (
        <div className="thread-head__actions">
          <Button variant="secondary" disabled={conversation.sharedMyNumber} onClick={() => setConfirming('share')}>
            {conversation.sharedMyNumber ? m.conversations_shared() : m.conversations_share_number()}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(conversation.blockedByMe ? 'unblock' : 'block')}>
            {conversation.blockedByMe ? m.conversations_unblock() : m.conversations_block()}
          </Button>
          <ReportButton kind="conversation" targetId={conversation._id} />
        </div>
      )}
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </header>
  );
}

const WARNINGS_BY_KIND: Record<ListingKind, () => string> = {
  rent: () => m.conversations_warning_rent(),
  service: () => m.conversations_warning_service(),
};

function ScamWarningNote({
  warnings,
  listingKind,
  conversationId,
}: {
  warnings: readonly ScamWarning[];
  listingKind: ListingKind | undefined;
  conversationId: string;
}) {
  return (
    <div className="notice notice--warning scam-warning" role="note">
      <p>{WARNINGS_BY_KIND[listingKind ?? 'rent']()}</p>
      {warnings.includes('payment-link') ? <p>{m.conversations_warning_link()}</p> : null}
      <ReportButton kind="conversation" targetId={conversationId} look="link" />
    </div>
  );
}

function MessageBubble({
  message,
  dayBefore,
  listingKind,
  conversationId,
}: {
  message: MessageRecord;
  dayBefore: string | undefined;
  listingKind: ListingKind | undefined;
  conversationId: string;
}) {
  const locale = getLocale();
  const day = messageDay(message.createdAt, locale);
  const newDay = dayBefore === undefined || messageDay(dayBefore, locale) !== day;
  return (
    <>
      {newDay ? <li className="thread__day">{day}</li> : null}
      <li className={`bubble ${message.mine ? 'bubble--mine' : 'bubble--theirs'}`} data-message-id={message._id}>
        <p className="bubble__text">{message.text}</p>
        <time className="bubble__time" dateTime={message.createdAt}>
          {formatMessageTime(message.createdAt, locale)}
        </time>
        {message.masked && !message.mine ? <p className="bubble__note">{m.conversations_masked_note()}</p> : null}
      </li>
      {!message.mine && message.warnings.length > 0 ? (
        <li className="thread__warning">
          <ScamWarningNote warnings={message.warnings} listingKind={listingKind} conversationId={conversationId} />
        </li>
      ) : null}
    </>
  );
}

function WaitingBubble({ item, text }: { item: OutboxItem<'message'>; text: string }) {
  return (
    <li className="bubble bubble--mine bubble--waiting" data-testid="waiting-message">
      <p className="bubble__text">{text}</p>
      <span className="bubble__status">
        <WaitingBadge status={item.status} />
        {item.status === 'failed' && item.lastError ? <span className="bubble__error">{item.lastError}</span> : null}
        {item.status === 'failed' ? (
          <button
            type="button"
            className="bubble__discard"
            onClick={() => void loadOutbox().then((outbox) => outbox.discardOutboxItem(item.id))}
          >
            {m.conversations_discard()}
          </button>
        ) : null}
      </span>
    </li>
  );
}

function Composer({
  conversation,
  selfId,
  onSent,
}: {
  conversation: ConversationRecord;
  selfId: string;
  onSent: (message: MessageRecord) => void;
}) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);
  const post = useOutboxPost('message', { ownerId: selfId });
  const locale = getLocale();
  const length = text.trim().length;
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const max = localDigits(String(MESSAGE_MAX_LENGTH), locale);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (length < MESSAGE_MIN_LENGTH || tooLong || sending) return;
    setSending(true);
    setProblem(undefined);
    const outcome = await post.submit({
      label: m.conversations_item_label({ name: conversation.other.name }),
      payload: { conversationId: conversation._id, text: text.trim() },
      notSavedMessage: m.conversations_not_saved(),
    });
    setSending(false);
    if (outcome.type === 'refused' || outcome.type === 'not-saved') {
      setProblem(outcome.message);
      return;
    }
    // Sent, or waiting on the phone (shown in the thread as waiting): the composer is free for the next one.
    setText('');
    if (outcome.type === 'sent' && isMessageRecord(outcome.result.data)) onSent(outcome.result.data);
  };

  return (
    <form className="composer" onSubmit={(event) => void onSubmit(event)} noValidate>
      <label htmlFor="composer-text" className="visually-hidden">
        {m.conversations_composer_label()}
      </label>
      <textarea
        id="composer-text"
        className="composer__text"
        rows={2}
        value={text}
        placeholder={m.conversations_composer_placeholder()}
        aria-invalid={tooLong || undefined}
        aria-describedby={problem || tooLong ? 'composer-problem' : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" disabled={sending || length < MESSAGE_MIN_LENGTH || tooLong}>
        {m.conversations_send()}
      </Button>
      {length > MESSAGE_MAX_LENGTH - COUNTER_FROM_LEFT ? (
        <p className={`composer__counter${tooLong ? ' composer__counter--over' : ''}`} aria-live="polite">
          {m.conversations_counter({ count: localDigits(String(length), locale), max })}
        </p>
      ) : null}
      {tooLong || problem ? (
        <p id="composer-problem" className="composer__problem" role="alert">
          {problem ?? m.conversations_too_long({ max })}
        </p>
      ) : null}
    </form>
  );
}
