import { serviceStatusLabel, type ServiceRecord } from '@/domain/service';
import { serviceCategoryName } from '@/domain/service-category';
import { m } from '@/i18n/generated/messages.js';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { ButtonLink } from '@/ui/button';
import { CategoryIcon } from '@/ui/category-icon';
import { WaitingProfessionRow } from './pending-service-offers';

/**
 * One's professions as compact rows: icon, category, status and a View link to the provider page; then the
 * offers still waiting on this phone to be sent, marked "Waiting to send".
 */
export function ProfessionList({
  services,
  providerId,
  waiting = [],
}: {
  services: ServiceRecord[];
  providerId: string;
  waiting?: OutboxItem<'service-offer'>[];
}) {
  return (
    <ul className="profession-list">
      {services.map((service) => (
        <li key={service._id} className="profession-list__item">
          <span className="profession-list__icon">
            <CategoryIcon category={service.category} />
          </span>
          <span className="profession-list__name">{serviceCategoryName(service.category)}</span>
          <span className={`status-pill status-pill--${service.status === 'active' ? 'active' : 'inactive'}`}>
            {serviceStatusLabel(service.status)}
          </span>
          <ButtonLink variant="secondary" to={`/main/prof-profile/${providerId}`} className="profession-list__view">
            {m.services_view()}
          </ButtonLink>
        </li>
      ))}
      {waiting.map((item) => (
        <WaitingProfessionRow key={item.id} item={item} />
      ))}
    </ul>
  );
}
