import { HTTPError } from 'ky';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPostedDate, formatSavedAgo } from '@/i18n/format';
import { assertNever, isListingKind, LISTING_KIND_FACTS, listingPagePath } from '@/domain/listing-kinds';
import { reportReasonLabel, type ReportGroup } from '@/domain/report';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage, isAbortError } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import {
  dismissReports,
  fetchReportedMessages,
  fetchReportPage,
  hideItem,
  type ReportedMessage,
} from '../api/moderation-api';
import { REPORT_KIND_NAMES } from './report-kind-names';
import './moderation.css';

/** Where a moderator reads the reported item: a listing on its page in the app, a review on its writer's profile. */
function itemPath(group: ReportGroup): string | undefined {
  const { kind } = group;
  if (isListingKind(kind)) {
    return listingPagePath(LISTING_KIND_FACTS[kind].appPage, { id: group.targetId, ownerId: group.ownerId });
  }
  switch (kind) {
    case 'review':
      return group.ownerId ? `/main/profile/${group.ownerId}` : undefined;
    case 'user':
      return `/main/prof-profile/${group.targetId}`;
    case 'conversation':
      // Its messages are read through the API (moderation/conversations/{id}/messages), not on a page of the app.
      return undefined;
    default:
      return assertNever(kind);
  }
}

type PageState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; groups: ReportGroup[]; nextPage: number | null };

/**
 * /main/moderation: open reports grouped by item, newest first, with Hide and Dismiss (issue 21, point 4).
 * Moderators only: the server answers 403 to anyone else, and the page says so. Needs the network.
 */
export function ModerationPage() {
  const [state, setState] = useState<PageState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchReportPage(1, controller.signal).then(
      (page) => setState({ status: 'loaded', groups: page.groups, nextPage: page.nextPage }),
      async (error: unknown) => {
        if (isAbortError(error)) return;
        const message =
          error instanceof HTTPError && error.response.status === 403
            ? m.moderation_forbidden()
            : await apiErrorMessage(error, m.moderation_load_failed());
        setState({ status: 'error', message });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const loadMore = async (page: number) => {
    setLoadingMore(true);
    try {
      const next = await fetchReportPage(page);
      setState((current) =>
        current.status === 'loaded'
          ? { status: 'loaded', groups: [...current.groups, ...next.groups], nextPage: next.nextPage }
          : current,
      );
    } catch (error) {
      showToast(await apiErrorMessage(error, m.moderation_load_failed()), 'error');
    } finally {
      setLoadingMore(false);
    }
  };

  const settled = (group: ReportGroup) =>
    setState((current) =>
      current.status === 'loaded'
        ? {
            ...current,
            groups: current.groups.filter((other) => other.kind !== group.kind || other.targetId !== group.targetId),
          }
        : current,
    );

  return (
    <section className="moderation-page" aria-labelledby="moderation-title">
      <h1 id="moderation-title">{m.moderation_page_title()}</h1>
      <p className="moderation-page__intro">{m.moderation_page_intro()}</p>
      {state.status === 'loading' ? <SpinnerScreen label={m.moderation_page_title()} /> : null}
      {state.status === 'error' ? (
        <div className="notice notice--error" role="alert">
          <p>{state.message}</p>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {m.moderation_retry()}
          </Button>
        </div>
      ) : null}
      {state.status === 'loaded' && state.groups.length === 0 ? (
        <p className="notice notice--success" role="status">
          {m.moderation_empty()}
        </p>
      ) : null}
      {state.status === 'loaded' && state.groups.length > 0 ? (
        <ul className="moderation-list">
          {state.groups.map((group) => (
            <ReportedItem key={`${group.kind}-${group.targetId}`} group={group} onSettled={() => settled(group)} />
          ))}
        </ul>
      ) : null}
      {state.status === 'loaded' && state.nextPage !== null ? (
        <Button variant="secondary" disabled={loadingMore} onClick={() => state.nextPage && loadMore(state.nextPage)}>
          {m.moderation_more()}
        </Button>
      ) : null}
    </section>
  );
}

export function ReportedItem({ group, onSettled }: { group: ReportGroup; onSettled: () => void }) {
  const [busy, setBusy] = useState(false);
  // The reporters' account ages are told from the moment the item was first shown.
  const [shownAt] = useState(() => Date.now());
  const locale = getLocale();
  const path = itemPath(group);
  const act = async (action: 'hide' | 'dismiss') => {
    setBusy(true);
    try {
      const target = { kind: group.kind, targetId: group.targetId };
      await (action === 'hide' ? hideItem(target) : dismissReports(target));
      showToast(action === 'hide' ? m.moderation_hidden_done() : m.moderation_dismissed_done(), 'success');
      onSettled();
    } catch (error) {
      showToast(await apiErrorMessage(error, m.moderation_load_failed()), 'error');
      setBusy(false);
    }
  };
  const label = group.label || group.targetId;
  return (
    <li className="card moderation-item" aria-label={`${REPORT_KIND_NAMES[group.kind]()}: ${label}`}>
      <div className="moderation-item__head">
        <span className="moderation-item__kind">{REPORT_KIND_NAMES[group.kind]()}</span>
        <span className="moderation-item__count">
          {group.count === 1
            ? m.moderation_report_count_one()
            : m.moderation_report_count({ count: localDigits(String(group.count), locale) })}
        </span>
      </div>
      <p className="moderation-item__label">{path ? <Link to={path}>{label}</Link> : label}</p>
      <ul className="moderation-item__reasons">
        {group.reasons.map((entry) => (
          <li key={entry.reason}>
            {reportReasonLabel(entry.reason)} · {localDigits(String(entry.count), locale)}
          </li>
        ))}
      </ul>
      <p className="moderation-item__weight">
        {group.weight === 1
          ? m.moderation_report_weight_one()
          : m.moderation_report_weight({ count: localDigits(String(group.weight), locale) })}
      </p>
      {group.weight < group.count ? <p className="moderation-item__meta">{m.moderation_report_weight_hint()}</p> : null}
      {group.reporterSince.length > 0 ? (
        <p className="moderation-item__meta">
          {m.moderation_reporter_ages({
            ages: group.reporterSince.map((since) => formatSavedAgo(Date.parse(since), shownAt, locale)).join(', '),
          })}
        </p>
      ) : null}
      {group.details.map((detail, index) => (
        <p key={index} className="moderation-item__details">
          {detail}
        </p>
      ))}
      <p className="moderation-item__meta">{formatPostedDate(group.latestAt)}</p>
      {group.kind === 'conversation' ? <ReportedConversation conversationId={group.targetId} /> : null}
      <div className="moderation-item__actions">
        {/* A conversation is not hidden (the server refuses): its reports are dismissed, or the person hidden. */}
        {group.kind === 'conversation' ? null : (
          <Button variant="danger" disabled={busy} onClick={() => act('hide')}>
            {m.moderation_hide()}
          </Button>
        )}
        <Button variant="secondary" disabled={busy} onClick={() => act('dismiss')}>
          {m.moderation_dismiss()}
        </Button>
      </div>
    </li>
  );
}

/** A reported conversation's messages, read only when the moderator asks (they are private until reported). */
function ReportedConversation({ conversationId }: { conversationId: string }) {
  const [read, setRead] = useState<
    { status: 'idle' | 'loading' | 'failed' } | { status: 'read'; messages: ReportedMessage[] }
  >({ status: 'idle' });
  const show = async () => {
    setRead({ status: 'loading' });
    try {
      setRead({ status: 'read', messages: await fetchReportedMessages(conversationId) });
    } catch {
      setRead({ status: 'failed' });
    }
  };
  if (read.status !== 'read') {
    return (
      <div className="moderation-item__messages">
        {read.status === 'failed' ? <p role="alert">{m.moderation_messages_failed()}</p> : null}
        <Button variant="secondary" disabled={read.status === 'loading'} onClick={() => void show()}>
          {m.moderation_read_messages()}
        </Button>
      </div>
    );
  }
  const firstAuthor = read.messages[0]?.authorId;
  return (
    <section className="moderation-item__messages" aria-label={m.moderation_messages_title()}>
      <h3>{m.moderation_messages_title()}</h3>
      {read.messages.length === 0 ? <p>{m.moderation_no_messages()}</p> : null}
      <ol>
        {read.messages.map((message) => (
          <li key={message._id} className={message.authorId === firstAuthor ? 'is-first-author' : 'is-other-author'}>
            <time dateTime={message.createdAt}>{formatPostedDate(message.createdAt)}</time> {message.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
