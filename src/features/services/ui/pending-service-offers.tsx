import { useEffect, useMemo } from 'react';
import { availableTimeLabel, CARD_DESCRIPTION_MAX_CHARS } from '@/domain/service';
import { serviceCategoryName, type ServiceCategoryFilter } from '@/domain/service-category';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { truncateText } from '@/domain/truncate-text';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxItemsOf } from '@/lib/outbox/use-outbox-items';
import { Button } from '@/ui/button';
import { CategoryIcon } from '@/ui/category-icon';
import { placeLabel } from '@/ui/places/place-label';
import { usePlaceIndex } from '@/ui/places/use-place-names';
import { WaitingBadge } from '@/ui/waiting-badge';
import { formatPriceRange } from './format-price';
import './service-manage.css';

/**
 * The outbox's code loads only when an offer is discarded: a list page loading it would count as a page with a
 * post form and start the offline machinery at once (src/app/offline/offline-support-loader.ts).
 */
async function discardOffer(id: number): Promise<void> {
  const { discardOutboxItem } = await import('@/lib/outbox/outbox');
  await discardOutboxItem(id);
}

/** The signed-in person's service offers made on this phone that the server has not taken yet, oldest first. */
export function useWaitingServiceOffers(): OutboxItem<'service-offer'>[] {
  return useOutboxItemsOf('service-offer');
}

const offerOf = (item: OutboxItem<'service-offer'>) => item.payload.values;

/** A waiting offer among "Your Current Professions": its category, marked "Waiting to send". */
export function WaitingProfessionRow({ item }: { item: OutboxItem<'service-offer'> }) {
  const offer = offerOf(item);
  return (
    <li className="profession-list__item profession-list__item--waiting" data-testid="waiting-service-offer">
      <span className="profession-list__icon">
        <CategoryIcon category={offer.category} />
      </span>
      <span className="profession-list__name">
        {serviceCategoryName(offer.category)}
        {item.status === 'failed' && item.lastError ? (
          <span className="profession-list__problem" role="status">
            {item.lastError}
          </span>
        ) : null}
      </span>
      <WaitingBadge status={item.status} />
      {item.status === 'failed' ? (
        <Button variant="secondary" className="profession-list__view" onClick={() => void discardOffer(item.id)}>
          {m.services_discard()}
        </Button>
      ) : null}
    </li>
  );
}

/** Waiting offers of the category (or of all), above the find-service list, marked "Waiting to send". */
export function PendingServiceOffers({ category }: { category: ServiceCategoryFilter }) {
  const items = useWaitingServiceOffers().filter((item) => category === 'all' || offerOf(item).category === category);
  if (items.length === 0) return null;
  return (
    <section className="pending-services" aria-label={m.services_waiting_aria()}>
      <ul className="service-grid">
        {items.map((item) => (
          <li key={item.id}>
            <PendingServiceCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A waiting offer's places as its card reads them once the place tree has loaded (the outbox keeps their ids):
 * "Mirpur, Dhaka; Uttara, Dhaka". Undefined until then, and for an offer without places.
 */
function useChosenPlaces(ids: readonly string[]): string | undefined {
  const index = usePlaceIndex(ids.length > 0);
  if (!index || ids.length === 0) return undefined;
  const locale = getLocale();
  return ids.map((id) => placeLabel(index, id, locale) ?? id).join('; ');
}

function PendingServiceCard({ item }: { item: OutboxItem<'service-offer'> }) {
  const offer = offerOf(item);
  const category = serviceCategoryName(offer.category);
  const places = useChosenPlaces(offer.servicePlaceIds ?? []);
  const cover = item.files[0];
  const preview = useMemo(() => (cover ? URL.createObjectURL(cover) : undefined), [cover]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <div className="service-card service-card--pending card" data-testid="pending-service-offer">
      <div className="service-card__media">
        {preview ? (
          <img src={preview} alt={m.services_waiting_cover_alt({ category })} />
        ) : (
          <div className="service-card__placeholder" aria-hidden="true">
            <CategoryIcon category={offer.category} size={48} />
            <span>{category}</span>
          </div>
        )}
        <span className="service-card__status">
          <WaitingBadge status={item.status} />
        </span>
      </div>
      <div className="service-card__body">
        <p className="service-card__category">
          <CategoryIcon category={offer.category} size={18} /> {category}
        </p>
        <h3 className="service-card__provider">{m.services_your_offer()}</h3>
        <p className="service-card__description">{truncateText(offer.description, CARD_DESCRIPTION_MAX_CHARS)}</p>
        <dl className="facts">
          <div>
            <dt>{m.services_address()}</dt>
            <dd>{offer.addressLine}</dd>
          </div>
          <div>
            <dt>{m.services_service_areas()}</dt>
            <dd>{places ?? offer.serviceArea?.join(', ')}</dd>
          </div>
          <div>
            <dt>{m.services_availability()}</dt>
            <dd>{availableTimeLabel(offer.availableTime)}</dd>
          </div>
        </dl>
        <p className="service-card__price">{formatPriceRange(offer.minimumPrice, offer.maximumPrice)}</p>
        {item.status === 'failed' && item.lastError ? (
          <p className="service-card__problem" role="status">
            {item.lastError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
