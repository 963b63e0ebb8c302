import { useEffect, useMemo } from 'react';
import { formatCalendarDate } from '@/domain/display-date';
import { rentCategoryLabel } from '@/domain/rent-post';
import { outboxPhotoText, savedPhotoProgress } from '@/domain/upload-progress';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxItemsOf } from '@/lib/outbox/use-outbox-items';
import { formatTaka } from '@/lib/format-money';
import { WaitingBadge } from '@/ui/waiting-badge';

/** Rent ads made on this phone that the server has not taken yet, above the list, marked "Waiting to send". */
export function PendingRentAds() {
  const items = useOutboxItemsOf('rent-ad');
  if (items.length === 0) return null;
  return (
    <section className="pending-rent" aria-label="Your ads waiting to send">
      <ul className="rent-grid">
        {items.map((item) => (
          <PendingRentCard key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function PendingRentCard({ item }: { item: OutboxItem<'rent-ad'> }) {
  const { fields } = item.payload;
  const first = item.files[0];
  // From the saved progress, not the processor's events: this list's code stays free of the sending code.
  const photos = outboxPhotoText(item.status === 'sending', savedPhotoProgress(item.progress, item.files.length));
  const preview = useMemo(() => (first ? URL.createObjectURL(first) : undefined), [first]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <li className="rent-card rent-card--pending card" data-testid="pending-rent-ad">
      <div className="rent-card__photos rent-card__photos--1">
        {preview ? (
          <div className="rent-card__photo">
            <img src={preview} alt={`${rentCategoryLabel(fields.category)} photo 1`} width={480} height={360} />
          </div>
        ) : null}
      </div>
      <div className="rent-card__body">
        <div className="rent-card__top">
          <span className="rent-card__category">{rentCategoryLabel(fields.category)}</span>
          <WaitingBadge status={item.status} />
        </div>
        <h2 className="rent-card__address">
          {fields.addressLine}, {fields.city}
        </h2>
        <p className="rent-card__price">
          <strong>{formatTaka(fields.cost)}</strong>
          <span>/{fields.rentPaymentFrequency}</span>
        </p>
        {item.status === 'failed' && item.lastError ? (
          <p className="rent-card__problem" role="status">
            {item.lastError}
          </p>
        ) : (
          <p className="rent-card__available">Available from {formatCalendarDate(fields.rentStartDate)}</p>
        )}
        {photos && item.status !== 'failed' ? <p className="rent-card__available">{photos}</p> : null}
      </div>
    </li>
  );
}
