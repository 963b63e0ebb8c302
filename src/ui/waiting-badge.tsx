import { WAITING_TO_SEND_LABEL, type OutboxStatus } from '@/domain/outbox';

/** The mark on a post that is still on this device: waiting, being sent, refused by the server, or
 * paused while the person edits it. */
export function WaitingBadge({ status }: { status: OutboxStatus }) {
  const label =
    status === 'sending'
      ? 'Sending...'
      : status === 'failed'
        ? 'Not sent'
        : status === 'held'
          ? 'Paused'
          : WAITING_TO_SEND_LABEL;
  return (
    <span className={`waiting-badge waiting-badge--${status}`}>
      <span className="waiting-badge__dot" aria-hidden="true" />
      {label}
    </span>
  );
}
