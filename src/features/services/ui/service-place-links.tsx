import { Link } from 'react-router-dom';
import { placeLine } from '@/domain/places/place-display';
import type { ServiceRecord } from '@/domain/service';
import { findServicePath } from '@/domain/service-category';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';

/**
 * The places a service is offered in, each a link to the list of that category's services in that place (the
 * find-service list filtered by it): from a provider's page to the others who come to the same area.
 */
export function ServicePlaceLinks({ service }: { service: Pick<ServiceRecord, 'category' | 'servicePlaces'> }) {
  const places = service.servicePlaces ?? [];
  if (places.length === 0) return null;
  const locale = getLocale();
  return (
    <ul className="service-places">
      {places.map((place) => {
        const line = placeLine(place, locale);
        return (
          <li key={place.id}>
            <Link
              className="service-places__link"
              to={`${findServicePath(service.category)}?place=${encodeURIComponent(place.id)}`}
              aria-label={m.ui_places_find_services_in({ place: line })}
            >
              {line}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
