import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { MAX_ALERTS_PER_PERSON, type AlertRecord } from '@/domain/alerts';
import { isOwnRecord } from '@/domain/user-record';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage } from '@/lib/api-client';
import { fetchUserRecord } from '@/lib/fetch-user-record';
import { useSelfId } from '@/lib/signed-in';
import { useOnline } from '@/lib/use-online';
import { markFirstContentShown } from '@/lib/when-idle';
import { Button, ButtonLink } from '@/ui/button';
import { LoadFailed } from '@/ui/load-failed';
import { placeLabel } from '@/ui/places/place-label';
import { usePlaceIndex } from '@/ui/places/use-place-names';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { deleteAlert, fetchAlerts } from '../api/alerts-api';
import {
  confirmDevicePush,
  readDevicePush,
  turnDevicePushOff,
  turnDevicePushOn,
  type DevicePushState,
} from '../push/device-push';
import { alertFrequencyWords, alertSummary } from './alert-words';
import './alerts.css';

// The sheet comes in this page's chunk, and the button loads it from here: the two share the alerts' words and API,
// which as modules of two chunks would join `shared-rest`, which every form page loads (scripts/build/shared-chunk.ts).
export { AlertSheet } from './alert-sheet';

type AlertsState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; alerts: AlertRecord[] };

/**
 * /main/notifications, "Alerts and notifications" (issue 43, point 3): the person's alerts in words, each with Delete,
 * and how they are told: notifications on this device (a switch), else e-mail to the account's address, or nothing at
 * all for an account with neither (it says so, and how to change it).
 */
export function AlertsPage() {
  const [read, setRead] = useState<AlertsState>({ status: 'loading' });
  const load = useCallback((signal?: AbortSignal) => {
    fetchAlerts(signal).then(
      (alerts) => setRead({ status: 'loaded', alerts }),
      async (error: unknown) => {
        if (signal?.aborted) return;
        setRead({ status: 'error', message: await apiErrorMessage(error, m.alerts_page_load_failed()) });
      },
    );
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);
  useEffect(() => {
    if (read.status !== 'loading') markFirstContentShown();
  }, [read.status]);

  const onDeleted = (id: string) =>
    setRead((shown) =>
      shown.status === 'loaded' ? { ...shown, alerts: shown.alerts.filter((alert) => alert._id !== id) } : shown,
    );

  return (
    <section className="page alerts-page" aria-labelledby="alerts-title">
      <h1 id="alerts-title">{m.alerts_page_title()}</h1>
      <p className="page__subtitle">{m.alerts_page_lead()}</p>
      <section className="card alerts-page__section" aria-labelledby="alerts-list-title">
        <div className="alerts-page__section-head">
          <h2 id="alerts-list-title">{m.alerts_page_alerts_heading()}</h2>
          {read.status === 'loaded' && read.alerts.length > 0 ? (
            <span className="alerts-page__count">
              {m.alerts_page_count({
                count: localDigits(String(read.alerts.length), getLocale()),
                max: localDigits(String(MAX_ALERTS_PER_PERSON), getLocale()),
              })}
            </span>
          ) : null}
        </div>
        {read.status === 'loading' ? (
          <SpinnerScreen />
        ) : read.status === 'error' ? (
          <LoadFailed message={read.message} retryLabel={m.alerts_page_retry()} onRetry={() => load()} />
        ) : read.alerts.length === 0 ? (
          <div className="alerts-page__none">
            <p>{m.alerts_page_none()}</p>
            <div className="alerts-page__none-links">
              <ButtonLink to="/main/rent" variant="secondary">
                {m.alerts_page_find_home()}
              </ButtonLink>
              <ButtonLink to="/main/find-service/all" variant="secondary">
                {m.alerts_page_find_service()}
              </ButtonLink>
            </div>
          </div>
        ) : (
          <AlertRows alerts={read.alerts} onDeleted={onDeleted} />
        )}
      </section>
      <HowYouAreTold />
    </section>
  );
}

function AlertRows({ alerts, onDeleted }: { alerts: AlertRecord[]; onDeleted: (id: string) => void }) {
  const locale = getLocale();
  const places = usePlaceIndex(alerts.some((alert) => alert.filters.placeId !== undefined));
  const online = useOnline();
  const [deleting, setDeleting] = useState<string>();
  const remove = async (id: string) => {
    if (!online) {
      showToast(m.alerts_page_delete_offline(), 'error');
      return;
    }
    setDeleting(id);
    try {
      await deleteAlert(id);
      onDeleted(id);
      showToast(m.alerts_page_deleted(), 'success');
    } catch (error) {
      showToast(await apiErrorMessage(error, m.alerts_page_delete_failed()), 'error');
    } finally {
      setDeleting(undefined);
    }
  };
  return (
    <ul className="alert-rows">
      {alerts.map((alert) => {
        const summary = alertSummary(
          alert.kind,
          alert.filters,
          (id) => places && placeLabel(places, id, locale),
          locale,
        );
        return (
          <li key={alert._id} className="alert-row">
            <div className="alert-row__words">
              <p className="alert-row__summary">{summary}</p>
              <p className="alert-row__frequency">{alertFrequencyWords(alert.frequency, locale)}</p>
            </div>
            <Button
              variant="secondary"
              className="alert-row__delete"
              aria-label={m.alerts_page_delete_label({ summary })}
              disabled={deleting === alert._id}
              onClick={() => void remove(alert._id)}
            >
              {m.alerts_page_delete()}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** How the person is told: this device's notifications, and what comes by e-mail when they are off. */
function HowYouAreTold() {
  const selfId = useSelfId();
  const online = useOnline();
  const [push, setPush] = useState<{ state: DevicePushState; subscription?: PushSubscription }>();
  const [busy, setBusy] = useState(false);
  // The account's e-mail address (null for a phone-only account); undefined until read.
  const [email, setEmail] = useState<string | null>();

  useEffect(() => {
    let live = true;
    readDevicePush().then(
      (read) => {
        if (!live) return;
        setPush(read);
        // On here already: the server is told again, as it may have dropped it (a push service that failed it once).
        if (read.subscription) confirmDevicePush(read.subscription).catch(() => undefined);
      },
      () => live && setPush({ state: 'unsupported' }),
    );
    fetchUserRecord(selfId).then(
      (record) => live && setEmail(isOwnRecord(record) ? record.email : undefined),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [selfId]);

  const toggle = async () => {
    if (!push || busy) return;
    if (!online) {
      showToast(m.alerts_push_offline(), 'error');
      return;
    }
    setBusy(true);
    const turningOn = push.state !== 'on';
    try {
      const state = turningOn ? await turnDevicePushOn() : await turnDevicePushOff(push.subscription!);
      setPush(await readDevicePush().catch(() => ({ state })));
      if (state === 'on') showToast(m.alerts_push_turned_on(), 'success');
      if (state === 'off' && !turningOn) showToast(m.alerts_push_turned_off(), 'info');
    } catch (error) {
      showToast(await apiErrorMessage(error, turningOn ? m.alerts_push_failed() : m.alerts_push_off_failed()), 'error');
      setPush(await readDevicePush().catch(() => push));
    } finally {
      setBusy(false);
    }
  };

  const state = push?.state;
  const on = state === 'on';
  return (
    <section className="card alerts-page__section" aria-labelledby="alerts-told-title">
      <h2 id="alerts-told-title">{m.alerts_push_heading()}</h2>
      <button
        type="button"
        role="switch"
        className="push-switch"
        aria-checked={on}
        disabled={state === undefined || state === 'unsupported' || state === 'denied' || busy}
        onClick={() => void toggle()}
      >
        <span className="push-switch__label">{m.alerts_push_switch()}</span>
        <span className="push-switch__track" aria-hidden="true" />
      </button>
      {on ? <p className="alerts-page__told">{m.alerts_push_on()}</p> : null}
      {state === 'denied' ? <p className="notice notice--info">{m.alerts_push_denied()}</p> : null}
      {state === 'unsupported' ? <p className="notice notice--info">{m.alerts_push_unsupported()}</p> : null}
      {state !== undefined && !on ? <EmailWords email={email} canTurnOn={state === 'off'} /> : null}
      <p className="alerts-page__told alerts-page__told--muted">{m.alerts_push_covers()}</p>
    </section>
  );
}

function EmailWords({ email, canTurnOn }: { email: string | null | undefined; canTurnOn: boolean }) {
  if (email === undefined) return null;
  return (
    <div className="alerts-page__email">
      {email === null ? (
        <p>
          {m.alerts_push_no_email()} <Link to="/main/add/email">{m.alerts_push_add_email()}</Link>
        </p>
      ) : (
        <p>{m.alerts_push_email({ email })}</p>
      )}
      {canTurnOn ? <p className="alerts-page__told--muted">{m.alerts_push_how_to_on()}</p> : null}
    </div>
  );
}
