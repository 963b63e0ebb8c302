import { useEffect, useMemo } from 'react';
import { formatCalendarDate, formatTaka } from '@/i18n/format';
import { rentCategoryName, rentPerFrequency } from '@/domain/rent-post';
import { outboxPhotoText, savedPhotoProgress } from '@/domain/upload-progress';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxItemsOf } from '@/lib/outbox/use-outbox-items';
import { useOnline } from '@/lib/use-online';
import { localDigits } from '@/i18n/digits';
import { genitive } from '@/i18n/case-endings';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { WaitingBadge } from '@/ui/waiting-badge';

/** Rent ads made on this phone that the server has not taken yet, above the list, marked "Waiting to send". */
export function PendingRentAds() {
  const items = useOutboxItemsOf('rent-ad');
  if (items.length === 0) return null;
  return (
    <section className="pending-rent" aria-label={m.rent_waiting_ads()}>
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
  const online = useOnline();
  const photos = outboxPhotoText(
    item.status === 'sending',
    savedPhotoProgress(item.progress, item.files.length),
    online,
  );
  const category = rentCategoryName(fields.category);
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
            <img
              src={preview}
              alt={m.rent_card_photo({
                label: category,
                labelOf: genitive(category, getLocale()),
                number: localDigits('1', getLocale()),
              })}
              width={480}
              height={360}
            />
          </div>
        ) : null}
      </div>
      <div className="rent-card__body">
        <div className="rent-card__top">
          <span className="rent-card__category">{category}</span>
          <WaitingBadge status={item.status} />
        </div>
        <div className="rent-card__address">
          <h2 className="rent-card__place">{fields.city}</h2>
          <p className="rent-card__street">{fields.addressLine}</p>
        </div>
        <p className="rent-card__price">
          <strong>{formatTaka(fields.cost)}</strong>
          <span>/{rentPerFrequency(fields.rentPaymentFrequency)}</span>
        </p>
        {item.status === 'failed' && item.lastError ? (
          <p className="rent-card__problem" role="status">
            {item.lastError}
          </p>
        ) : (
          <p className="rent-card__available">
            {m.rent_available_from({ date: formatCalendarDate(fields.rentStartDate) })}
          </p>
        )}
        {photos && item.status !== 'failed' ? <p className="rent-card__available">{photos}</p> : null}
      </div>
    </li>
  );
}
