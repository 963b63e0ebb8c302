import type { OutboxStatus } from '@/domain/outbox';
import { m } from '@/i18n/generated/messages.js';

/** The mark on a post that is still on this device: waiting, being sent, refused by the server, or
 * paused while the person edits it. */
export function WaitingBadge({ status }: { status: OutboxStatus }) {
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
