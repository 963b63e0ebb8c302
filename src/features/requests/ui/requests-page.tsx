import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  dhakaDate,
  REQUEST_REASON_MAX_LENGTH,
  requestButtonsFor,
  type RequestAction,
  type RequestHistoryEntry,
  type RequestKind,
  type RequestRecord,
  type RequestRole,
  type TimeOfDay,
} from '@/domain/request-status';
import { typedNumberValue } from '@/domain/typed-number';
import { formatCalendarDate, formatPostedDate, formatTaka } from '@/i18n/format';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage } from '@/lib/api-client';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { loadOutbox } from '@/lib/outbox/outbox-lazy';
import { useOutboxItemsOf } from '@/lib/outbox/use-outbox-items';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { readSession } from '@/lib/session-cookies';
import { subscribeToUserEvents } from '@/lib/user-event-stream';
import { Button, ButtonLink } from '@/ui/button';
import { LoadFailed } from '@/ui/load-failed';
import { ContactButtons } from '@/ui/contact-buttons';
import { LabelledInput, LabelledTextArea } from '@/ui/field';
import { placeLabel } from '@/ui/places/place-label';
import { usePlaceIndex } from '@/ui/places/use-place-names';
import { markFirstContentShown } from '@/lib/when-idle';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { WaitingBadge } from '@/ui/waiting-badge';
import { fetchRequests, isRequestRecord, openRequestThread, type RequestChange } from '../api/requests-api';
import {
  requestActionItemLabel,
  requestActionLabel,
  requestKindLabel,
  requestStatusLabel,
  timeOfDayLabel,
} from './request-words';
import { announceRequestsChanged } from './requests-changed';
import './requests.css';
import { useReadAgainWhenSent } from '@/lib/outbox/use-read-again-when-sent';

// The sheet comes in this page's chunk, and the button loads it from here: the sheet and the page share the domain's
// rules and words, which as modules of two chunks would join `shared-rest`, which every form page loads
// (scripts/build/shared-chunk.ts). One chunk keeps them off those pages; the sheet loads when tapped, as it did.
export { RequestSheet } from './request-sheet';

type ListState =
  | { status: 'loading' }
  | { status: 'error'; as: RequestRole; message: string }
  | { status: 'loaded'; as: RequestRole; requests: RequestRecord[] };

const ROLES: readonly RequestRole[] = ['customer', 'owner'];

/**
 * /main/requests (issue 41, point 4): what the person asked for ("I asked", as the customer) and what others ask of
 * them ("Asked of me", as a provider or landlord), each with its status, its history and the moves the domain's
 * table allows now. An answer the other side overtook (409) says so in the server's words and the list is read again.
 * Requests and moves made offline wait in the outbox: a request shows as a card marked waiting (on "I asked"), a move
 * on its request's card instead of the buttons; once one leaves the outbox (sent, or discarded) the list is read again.
 */
export function RequestsPage({ now }: { now?: () => Date } = {}) {
  const [search, setSearch] = useSearchParams();
  const as: RequestRole = search.get('as') === 'owner' ? 'owner' : 'customer';
  const [read, setRead] = useState<ListState>({ status: 'loading' });
  const [moved, setMoved] = useState<{ as: RequestRole; message: string }>();
  const waitingRequests = useOutboxItemsOf('request');
  const waitingMoves = useOutboxItemsOf('request-action');
  // What was read for the other tab is not this tab's: it loads.
  const state: ListState = read.status !== 'loading' && read.as === as ? read : { status: 'loading' };

  const load = useCallback((role: RequestRole, signal?: AbortSignal) => {
    fetchRequests(role, signal).then(
      (requests) => setRead({ status: 'loaded', as: role, requests }),
      async (error: unknown) => {
        if (signal?.aborted) return;
        setRead({ status: 'error', as: role, message: await apiErrorMessage(error, m.requests_load_failed()) });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(as, controller.signal);
    return () => controller.abort();
  }, [as, load]);
  // One of the person's requests made or moved, here or by the other side (the live event stream): read again.
  useEffect(
    () =>
      subscribeToUserEvents((event) => {
        if (event.type === 'request') load(as);
      }),
    [as, load],
  );

  // The header's count of requests waiting for an answer follows what this page read and answered. The page's
  // first content is its list: the work that waits for it (the header's count among it) need not wait longer.
  useEffect(() => {
    if (read.status === 'loading') return;
    markFirstContentShown();
    if (read.status === 'loaded') announceRequestsChanged();
  }, [read]);
  useReadAgainWhenSent([...waitingRequests, ...waitingMoves], () => load(as));

  const onAnswered = (record: RequestRecord) =>
    setRead((shown) =>
      shown.status === 'loaded'
        ? { ...shown, requests: shown.requests.map((request) => (request._id === record._id ? record : request)) }
        : shown,
    );
  const onOvertaken = (message: string) => {
    setMoved({ as, message });
    load(as);
  };
  const waitingHere = as === 'customer' ? waitingRequests : [];

  return (
    <section className="page requests-page" aria-labelledby="requests-title">
      <h1 id="requests-title">{m.requests_title()}</h1>
      <div className="requests-page__tabs" role="tablist" aria-label={m.requests_title()}>
        {ROLES.map((role) => (
          <button
            key={role}
            type="button"
            role="tab"
            aria-selected={as === role}
            className={`requests-page__tab${as === role ? ' requests-page__tab--current' : ''}`}
            onClick={() => setSearch(role === 'owner' ? { as: 'owner' } : {}, { replace: true })}
          >
            {role === 'customer' ? m.requests_tab_customer() : m.requests_tab_owner()}
          </button>
        ))}
      </div>
      {moved?.as === as ? (
        <p className="notice notice--warning" role="alert">
          {moved.message}
        </p>
      ) : null}
      {waitingHere.length > 0 ? <WaitingRequestList items={waitingHere} /> : null}
      {state.status === 'loading' ? <SpinnerScreen label={m.requests_loading()} /> : null}
      {state.status === 'error' ? (
        <LoadFailed
          message={state.message}
          retryLabel={m.requests_try_again()}
          onRetry={() => {
            setRead({ status: 'loading' });
            load(as);
          }}
        />
      ) : null}
      {state.status === 'loaded' && state.requests.length === 0 && waitingHere.length === 0 ? (
        <EmptyRequests as={as} />
      ) : null}
      {state.status === 'loaded' && state.requests.length > 0 ? (
        <RequestList
          requests={state.requests}
          as={as}
          today={dhakaDate(now ? now() : new Date())}
          waitingMoves={waitingMoves}
          onAnswered={onAnswered}
          onOvertaken={onOvertaken}
        />
      ) : null}
    </section>
  );
}

function EmptyRequests({ as }: { as: RequestRole }) {
  return (
    <div className="empty-panel">
      <p>{as === 'customer' ? m.requests_empty_customer() : m.requests_empty_owner()}</p>
      <div className="requests-page__onward">
        <ButtonLink to="/main/find-service/all">{m.requests_find_service()}</ButtonLink>
        <ButtonLink to="/main/rent" variant="secondary">
          {m.requests_find_home()}
        </ButtonLink>
      </div>
    </div>
  );
}

interface ListProps {
  requests: RequestRecord[];
  as: RequestRole;
  today: string;
  /** Moves made on this phone that the server has not taken yet, of any request. */
  waitingMoves: readonly OutboxItem<'request-action'>[];
  onAnswered: (record: RequestRecord) => void;
  onOvertaken: (message: string) => void;
}

function RequestList({ requests, ...props }: ListProps) {
  // The places are named from the place tree, loaded only when a request names one.
  const index = usePlaceIndex(requests.some((request) => request.placeId));
  return (
    <ul className="requests-list">
      {requests.map((request) => (
        <li key={request._id}>
          <RequestCard
            request={request}
            place={request.placeId && index ? placeLabel(index, request.placeId, getLocale()) : undefined}
            {...props}
          />
        </li>
      ))}
    </ul>
  );
}

function RequestCard({
  request,
  place,
  as,
  today,
  waitingMoves,
  onAnswered,
  onOvertaken,
}: Omit<ListProps, 'requests'> & { request: RequestRecord; place: string | undefined }) {
  const other = as === 'customer' ? request.owner : request.customer;
  const actions = requestButtonsFor(request.status, as, { date: request.date, today });
  const moves = waitingMoves.filter((item) => item.payload.requestId === request._id);
  const listing =
    request.kind === 'service' ? `/main/prof-profile/${request.owner._id}` : `/main/view-rent/${request.listingId}`;
  return (
    <RequestCardLayout
      facts={request}
      place={place}
      label={`${requestKindLabel(request.kind)}: ${other.name}`}
      state={
        <span className={`request-status request-status--${request.status}`}>{requestStatusLabel(request.status)}</span>
      }
      who={
        <div>
          <dt>{as === 'customer' ? m.requests_asked_of() : m.requests_asked_by()}</dt>
          <dd>{other.name || m.requests_someone()}</dd>
        </div>
      }
      agreed={
        request.price !== null ? (
          <div>
            <dt>{m.requests_agreed_price()}</dt>
            <dd className="price">{formatTaka(request.price)}</dd>
          </div>
        ) : null
      }
      reason={
        request.reason ? (
          <div className="facts__wide">
            <dt>{m.requests_reason()}</dt>
            <dd>{request.reason}</dd>
          </div>
        ) : null
      }
    >
      <p className="request-card__links">
        <Link to={listing}>{request.kind === 'service' ? m.requests_see_service() : m.requests_see_ad()}</Link>
        <MessageOtherSide requestId={request._id} name={other.name} />
      </p>
      {/* The server gives the other side's number only once the request is accepted (or done). */}
      {other.phone ? (
        <ContactButtons
          phone={other.phone}
          tips={false}
          whatsAppMessage={m.requests_whatsapp_message({ date: formatCalendarDate(request.date) })}
        />
      ) : null}
      <RequestHistory history={request.history} as={as} otherName={other.name} />
      {moves.length > 0 ? (
        <WaitingMoves moves={moves} />
      ) : actions.length > 0 ? (
        <RequestActions request={request} actions={actions} as={as} onAnswered={onAnswered} onOvertaken={onOvertaken} />
      ) : null}
    </RequestCardLayout>
  );
}

function RequestHistory({
  history,
  as,
  otherName,
}: {
  history: RequestHistoryEntry[];
  as: RequestRole;
  otherName: string;
}) {
  const who = (entry: RequestHistoryEntry) =>
    entry.by === 'system' ? m.requests_by_basha() : entry.by === as ? m.requests_by_you() : otherName;
  return (
    <details className="request-card__history">
      <summary>{m.requests_history()}</summary>
      <ol>
        {history.map((entry, position) => (
          <li key={`${entry.at}-${position}`}>
            <span>{requestStatusLabel(entry.status)}</span> · <span>{who(entry)}</span> ·{' '}
            <time dateTime={entry.at}>{formatPostedDate(entry.at)}</time>
            {entry.price !== undefined ? ` · ${formatTaka(entry.price)}` : ''}
            {entry.reason ? <q>{entry.reason}</q> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}

function RequestActions({
  request,
  actions,
  as,
  onAnswered,
  onOvertaken,
}: {
  request: RequestRecord;
  actions: RequestAction[];
  as: RequestRole;
  onAnswered: (record: RequestRecord) => void;
  onOvertaken: (message: string) => void;
}) {
  const [chosen, setChosen] = useState<RequestAction>();
  const [reason, setReason] = useState('');
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const post = useOutboxPost('request-action', { ownerId: readSession()?.userId ?? null });
  // Accepting a job may name its price; declining and cancelling may say why; done needs nothing more.
  const asksPrice = chosen === 'accept' && request.kind === 'service' && as === 'owner';
  const asksReason = chosen === 'decline' || chosen === 'cancel';

  const send = async (action: RequestAction) => {
    setProblem(undefined);
    const change: RequestChange = { action };
    if (action === 'accept' && asksPrice && price.trim()) {
      const value = typedNumberValue(price);
      if (value === undefined) {
        setProblem(m.requests_price_invalid());
        return;
      }
      change.price = value;
    }
    if ((action === 'decline' || action === 'cancel') && reason.trim()) change.reason = reason.trim();
    setBusy(true);
    try {
      const outcome = await post.submit({
        label: requestActionItemLabel(action, request),
        payload: { requestId: request._id, ...change },
        notSavedMessage: m.requests_action_not_saved(),
      });
      if (outcome.type === 'sent') {
        showToast(outcome.result.message || m.server_requests_updated(), 'success');
        setChosen(undefined);
        if (isRequestRecord(outcome.result.data)) onAnswered(outcome.result.data);
      } else if (outcome.type === 'queued') {
        // The card shows the move as waiting (its item is in the outbox) until it is sent.
        showToast(outcome.message, 'info');
        setChosen(undefined);
      } else if (outcome.type === 'refused') {
        // The other side overtook it (409), or the server refused it as it is: said in its words, the list read again.
        onOvertaken(outcome.message);
      } else {
        setProblem(outcome.message);
      }
    } finally {
      setBusy(false);
    }
  };

  const needsStep = (action: RequestAction) =>
    action === 'cancel' ||
    action === 'decline' ||
    (action === 'accept' && request.kind === 'service' && as === 'owner');

  return (
    <div className="request-card__actions">
      {chosen === undefined ? (
        <div className="request-card__buttons">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'cancel' || action === 'decline' ? 'secondary' : 'primary'}
              disabled={busy}
              onClick={() => (needsStep(action) ? setChosen(action) : void send(action))}
            >
              {requestActionLabel(action)}
            </Button>
          ))}
        </div>
      ) : (
        <div className="request-card__step" role="group" aria-label={requestActionLabel(chosen)}>
          {chosen === 'cancel' ? <p>{m.requests_cancel_question()}</p> : null}
          {asksPrice ? (
            <LabelledInput
              label={m.requests_accept_price_label()}
              optional
              type="text"
              inputMode="numeric"
              value={price}
              onChange={(event) => setPrice(event.target.value)}
            />
          ) : null}
          {asksReason ? (
            <LabelledTextArea
              label={m.requests_reason_label()}
              optional
              rows={2}
              maxLength={REQUEST_REASON_MAX_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          ) : null}
          <div className="request-card__buttons">
            <Button
              variant={chosen === 'cancel' || chosen === 'decline' ? 'danger' : 'primary'}
              disabled={busy}
              onClick={() => void send(chosen)}
            >
              {chosen === 'cancel' ? m.requests_yes_cancel() : requestActionLabel(chosen)}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setChosen(undefined)}>
              {m.requests_back()}
            </Button>
          </div>
        </div>
      )}
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

const discardItem = async (itemId: number) => (await loadOutbox()).discardOutboxItem(itemId);

/**
 * A card's moves still on this phone, in place of its buttons: each waits to be sent ("Accept: waiting to send"), or
 * was refused, with the server's words and a way to discard it (the buttons come back then).
 */
function WaitingMoves({ moves }: { moves: readonly OutboxItem<'request-action'>[] }) {
  return (
    <ul className="request-card__waiting">
      {moves.map((item) => {
        const action = requestActionLabel(item.payload.action);
        return (
          <li key={item.id} data-testid="waiting-move">
            {item.status === 'failed' ? (
              <>
                <p className="notice notice--error" role="status">
                  {m.requests_action_refused({ action, reason: item.lastError ?? '' })}
                </p>
                <Button variant="secondary" onClick={() => void discardItem(item.id)}>
                  {m.requests_discard()}
                </Button>
              </>
            ) : (
              <p>
                <WaitingBadge status={item.status} /> {m.requests_action_waiting({ action })}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Requests made on this phone that the server has not taken yet, above the list, each marked waiting. */
function WaitingRequestList({ items }: { items: readonly OutboxItem<'request'>[] }) {
  const index = usePlaceIndex(items.some((item) => item.payload.placeId));
  return (
    <ul className="requests-list requests-list--waiting">
      {items.map((item) => (
        <li key={item.id}>
          <WaitingRequestCard
            item={item}
            place={item.payload.placeId && index ? placeLabel(index, item.payload.placeId, getLocale()) : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

function WaitingRequestCard({ item, place }: { item: OutboxItem<'request'>; place: string | undefined }) {
  const request = item.payload;
  return (
    <RequestCardLayout
      facts={request}
      place={place}
      label={`${requestKindLabel(request.kind)}: ${m.requests_your_request()}`}
      state={<WaitingBadge status={item.status} />}
      waiting
    >
      {/* A service's page is its provider's, whom the request does not name until the server has it. */}
      {request.kind === 'visit' ? (
        <p>
          <Link to={`/main/view-rent/${request.listingId}`}>{m.requests_see_ad()}</Link>
        </p>
      ) : null}
      {item.status === 'failed' ? (
        <div className="request-card__actions">
          <p className="notice notice--error" role="status">
            {item.lastError}
          </p>
          <Button variant="secondary" onClick={() => void discardItem(item.id)}>
            {m.requests_discard()}
          </Button>
        </div>
      ) : null}
    </RequestCardLayout>
  );
}

/** What both cards show of a request, the server's and one still waiting on this phone. */
interface RequestFacts {
  kind: RequestKind;
  date: string;
  timeOfDay: TimeOfDay;
  placeId?: string | null | undefined;
  offeredPrice?: number | null | undefined;
  note: string;
}

/**
 * A request's card: its kind and `state` at the head, then the facts (`who` it is with first, the `agreed` price after
 * the offered one, the `reason` last, where the card has them), then what the card adds (`children`).
 */
function RequestCardLayout({
  facts,
  place,
  label,
  state,
  waiting = false,
  who,
  agreed,
  reason,
  children,
}: {
  facts: RequestFacts;
  place: string | undefined;
  label: string;
  state: ReactNode;
  /** A request not sent yet: marked so, and findable as such. */
  waiting?: boolean;
  who?: ReactNode;
  agreed?: ReactNode;
  reason?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      className={`card request-card${waiting ? ' request-card--waiting' : ''}`}
      aria-label={label}
      data-testid={waiting ? 'waiting-request' : undefined}
    >
      <header className="request-card__head">
        <span className="request-card__kind">{requestKindLabel(facts.kind)}</span>
        {state}
      </header>
      <dl className="facts facts--two request-card__facts">
        {who}
        <div>
          <dt>{m.requests_when()}</dt>
          <dd>
            {formatCalendarDate(facts.date)}, {timeOfDayLabel(facts.timeOfDay)}
          </dd>
        </div>
        {facts.placeId ? (
          <div>
            <dt>{m.requests_place_label()}</dt>
            <dd>{place ?? '…'}</dd>
          </div>
        ) : null}
        {facts.offeredPrice != null ? (
          <div>
            <dt>{m.requests_offered_price()}</dt>
            <dd className="price">{formatTaka(facts.offeredPrice)}</dd>
          </div>
        ) : null}
        {agreed}
        <div className="facts__wide">
          <dt>{m.requests_note_label()}</dt>
          <dd className="request-card__note">{facts.note}</dd>
        </div>
        {reason}
      </dl>
      {children}
    </article>
  );
}

/** Opens the request's thread, where the two sides talk with their numbers hidden until shared (issue 42). */
function MessageOtherSide({ requestId, name }: { requestId: string; name: string }) {
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      navigate(`/main/messages/${await openRequestThread(requestId)}`);
    } catch (error) {
      showToast(await apiErrorMessage(error, m.requests_message_failed()), 'error');
      setOpening(false);
    }
  };
  return (
    <Button
      variant="secondary"
      className="request-card__message"
      disabled={opening}
      aria-label={m.requests_message_label({ name: name || m.requests_someone() })}
      onClick={() => void open()}
    >
      {m.requests_message()}
    </Button>
  );
}
