import { shownOutboxStatus, type OutboxStatus } from '@/domain/outbox';
import { m } from '@/i18n/generated/messages.js';
import { useOnline } from '@/lib/use-online';

/** The mark on a post that is still on this device: waiting, being sent, refused by the server, or
 * paused while the person edits it. Offline, nothing is being sent: a post whose attempt is cut off waits. */
export function WaitingBadge({ status: stored }: { status: OutboxStatus }) {
  const status = shownOutboxStatus(stored, useOnline());
  const label =
    status === 'sending'
      ? m.common_status_sending()
      : status === 'failed'
        ? m.common_status_not_sent()
        : status === 'held'
          ? m.common_status_paused()
          : m.common_waiting_to_send();
  return (
    <span className={`waiting-badge waiting-badge--${status}`}>
      <span className="waiting-badge__dot" aria-hidden="true" />
      {label}
    </span>
  );
}
