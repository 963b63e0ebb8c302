import { serviceCategoryName, type ServiceCategoryFilter } from '@/domain/service-category';
import { m } from '@/i18n/generated/messages.js';
import { CategoryIcon } from '@/ui/category-icon';

/**
 * A service list's heading (the category's name and icon) and its lead. The page draws it, and the build prerenders
 * it as the list's first screen (src/app/prerender/landing-first-screen.tsx), so both must stay the same markup.
 */
export function ServiceListHeader({ category }: { category: ServiceCategoryFilter }) {
  return (
    <header className="find-service__header">
      <h1 id="results-title" className="page__title find-service__title">
        {category !== 'all' ? (
          <span className="find-service__icon">
            <CategoryIcon category={category} size={28} />
          </span>
        ) : null}
        {category === 'all'
          ? m.services_title_all()
          : m.services_title_category({ category: serviceCategoryName(category) })}
      </h1>
      <p className="page__subtitle">{m.services_list_subtitle()}</p>
    </header>
  );
}
