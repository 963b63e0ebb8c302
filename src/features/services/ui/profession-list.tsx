import type { ServiceRecord } from '@/domain/service';
import { ButtonLink } from '@/ui/button';
import { CategoryIcon } from '@/ui/category-icon';

/** One's professions as compact rows: icon, category, status and a View link to the provider page. */
export function ProfessionList({ services, providerId }: { services: ServiceRecord[]; providerId: string }) {
  return (
    <ul className="profession-list">
      {services.map((service) => (
        <li key={service._id} className="profession-list__item">
          <span className="profession-list__icon">
            <CategoryIcon category={service.category} />
          </span>
          <span className="profession-list__name">{service.category}</span>
          <span className={`status-pill status-pill--${service.status === 'active' ? 'active' : 'inactive'}`}>
            {service.status}
          </span>
          <ButtonLink variant="secondary" to={`/main/prof-profile/${providerId}`} className="profession-list__view">
            View
          </ButtonLink>
        </li>
      ))}
    </ul>
  );
}
