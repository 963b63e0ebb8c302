import { memo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  availableTimeLabel,
  CARD_DESCRIPTION_MAX_CHARS,
  serviceCardCover,
  serviceStatusLabel,
  type ServiceRecord,
} from '@/domain/service';
import { placesLine } from '@/domain/places/place-display';
import { serviceCategoryName } from '@/domain/service-category';
import { formatAverage } from '@/domain/service-rating';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { formatPriceRange } from './format-price';
import { truncateText } from '@/domain/truncate-text';
import { Button } from '@/ui/button';
import { CategoryIcon } from '@/ui/category-icon';
import { SaveHeart } from '@/ui/save-heart';
import { readSession } from '@/lib/session-cookies';
import { ContactButtons } from '@/ui/contact-buttons';
import { publicUrl } from '@/ui/share-button';

/**
 * A find-service card with every field of the accounts spec, section 2. Memoized: the list re-renders as its
 * sync and filters change, and a card whose service did not change need not.
 */
export const ServiceCard = memo(function ServiceCard({
  service,
  onSeeReviews,
  firstOnScreen = false,
}: {
  service: ServiceRecord;
  /** Opens the reviews of this card's service (called with its id). */
  onSeeReviews: (serviceId: string) => void;
  /** A card at the top of the list: its cover loads at once (see RentCard). */
  firstOnScreen?: boolean;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const cover = serviceCardCover(service);
  const status = service.status || 'active';
  const category = serviceCategoryName(service.category);
  const rating = formatAverage(service.ratings);
  const locale = getLocale();
  const servicePlaces = service.servicePlaces ?? [];
  return (
    <article className="service-card card">
      <div className="service-card__media">
        {cover && !imageFailed ? (
          <img
            src={cover}
            alt={m.services_cover_alt({ category, provider: service.provider.name })}
            loading={firstOnScreen ? 'eager' : 'lazy'}
            fetchPriority={firstOnScreen ? 'high' : undefined}
            onError={() => setImageFailed(true)}
          />
        ) : (
          <div className="service-card__placeholder" aria-hidden="true">
            <CategoryIcon category={service.category} size={48} />
            <span>{imageFailed ? m.services_image_unavailable() : category}</span>
          </div>
        )}
        <span className={`status-pill status-pill--${status.toLowerCase()} service-card__status`}>
          {serviceStatusLabel(status)}
        </span>
        {service.ratings.length > 0 ? (
          <span className="service-card__rating" aria-label={m.services_rated_aria({ rating })}>
            {m.services_rating_out_of_five({ rating })}
          </span>
        ) : null}
        <SaveHeart
          kind="service"
          id={service._id}
          record={service}
          title={`${category}, ${service.provider.name}`}
          describedBy={`service-card-provider-${service._id}`}
          className="save-heart--overlay save-heart--overlay-bottom"
        />
      </div>
      <div className="service-card__body">
        <p className="service-card__category">
          <CategoryIcon category={service.category} size={18} /> {category}
        </p>
        <h3 className="service-card__provider" id={`service-card-provider-${service._id}`}>
          {/* A visitor goes to the provider's page, open to them; a signed-in person to the person (shell spec). */}
          <Link to={`${readSession() ? '/main/profile' : '/main/prof-profile'}/${service.provider._id}`}>
            {service.provider.name}
          </Link>
        </h3>
        <p className="service-card__description">{truncateText(service.description, CARD_DESCRIPTION_MAX_CHARS)}</p>
        <dl className="facts">
          {/* A visitor's copy has no street (issue 40). */}
          {service.addressLine ? (
            <div>
              <dt>{m.services_address()}</dt>
              <dd>{service.addressLine}</dd>
            </div>
          ) : null}
          <div>
            <dt>{m.services_service_areas()}</dt>
            {/* The places in the page's language; a service offered before places keeps its areas as written. */}
            <dd>{servicePlaces.length > 0 ? placesLine(servicePlaces, locale) : service.serviceArea.join(', ')}</dd>
          </div>
          <div>
            <dt>{m.services_availability()}</dt>
            <dd>{availableTimeLabel(service.availableTime)}</dd>
          </div>
        </dl>
        <p className="service-card__price">{formatPriceRange(service.minimumPrice, service.maximumPrice)}</p>
        <ContactButtons
          phone={service.contactNumber}
          showNumber={() => import('../api/service-phone').then((phone) => phone.fetchServicePhone(service._id))}
          whatsAppMessage={m.share_whatsapp_service_message({
            category,
            url: publicUrl(`/pros/${service.provider._id}`),
          })}
          tips={false}
        />
        <Button variant="secondary" block onClick={() => onSeeReviews(service._id)}>
          {m.services_see_reviews({ count: localDigits(String(service.ratings.length), locale) })}
        </Button>
      </div>
    </article>
  );
});
