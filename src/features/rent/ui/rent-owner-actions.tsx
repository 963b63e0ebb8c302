import { useMemo } from 'react';
import type { RentPost, RentStatus } from '@/domain/rent-post';
import { m } from '@/i18n/generated/messages.js';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { Button, ButtonLink } from '@/ui/button';
import { showToast } from '@/ui/toast/toast-atoms';
import { rentStatusLabel, sameRentAd } from '../api/rent-labels';
import './rent-manage.css';

interface RentOwnerActionsProps {
  post: Pick<RentPost, '_id' | 'category' | 'addressLine' | 'status'>;
  ownerId: string;
  /** The status the server now holds (the page shows it at once). */
  onStatusChanged: (status: RentStatus) => void;
}

/**
 * The poster's controls on their ad's details page (issue 21): Edit, and Booked / Available. A status change goes
 * through the outbox like every change: online it is sent at once and the page shows it; offline it waits, and
 * the page says so (the ad keeps its status until the server has the change, as the services' edits do).
 */
export function RentOwnerActions({ post, ownerId, onStatusChanged }: RentOwnerActionsProps) {
  const thisAd = useMemo(() => sameRentAd(post._id), [post._id]);
  const change = useOutboxPost('rent-status', { ownerId, sameRecord: thisAd });
  const next: RentStatus = post.status === 'Booked' ? 'Active' : 'Booked';

  const onToggle = async () => {
    const outcome = await change.submit({
      label: rentStatusLabel(post, next),
      payload: { postId: post._id, status: next },
      notSavedMessage: m.rent_manage_status_failed(),
    });
    if (outcome.type === 'sent') {
      onStatusChanged(next);
      showToast(outcome.result.message || m.rent_manage_status_changed(), 'success');
    } else if (outcome.type === 'queued') {
      showToast(outcome.message, 'info');
    } else {
      showToast(outcome.message, 'error');
    }
  };

  return (
    <div className="rent-manage">
      {change.notice ? (
        <p className={`notice notice--${change.notice.tone}`} role="status" data-testid="rent-status-waiting">
          {change.notice.message}
        </p>
      ) : null}
      <div className="rent-manage__actions">
        <ButtonLink variant="secondary" to={`/main/edit-rent/${encodeURIComponent(post._id)}`}>
          {m.rent_manage_edit()}
        </ButtonLink>
        <Button variant="secondary" onClick={() => void onToggle()}>
          {next === 'Booked' ? m.rent_manage_mark_booked() : m.rent_manage_mark_available()}
        </Button>
      </div>
      {post.status === 'Booked' ? <p className="rent-manage__hint">{m.rent_manage_booked_hint()}</p> : null}
    </div>
  );
}
