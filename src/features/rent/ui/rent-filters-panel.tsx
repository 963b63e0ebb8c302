import { useId, useState } from 'react';
import {
  ALL_RENT_CATEGORIES,
  clearRentFilters,
  POSTED_BY_LABELS,
  POSTED_BY_OPTIONS,
  RENT_SORT_KEYS,
  RENT_SORT_LABELS,
  SORT_ORDER_LABELS,
  SORT_ORDERS,
  type RentCategoryFilter,
  type RentFilters,
} from '@/domain/filter-rent-posts';
import { activeRentFilterCount } from '@/domain/list-url-state';
import { RENT_CATEGORIES, rentCategoryLabel } from '@/domain/rent-post';
import { Button } from '@/ui/button';
import { LabelledInput, OptionSelect } from '@/ui/field';

const CATEGORY_FILTERS: readonly RentCategoryFilter[] = [ALL_RENT_CATEGORIES, ...RENT_CATEGORIES];
const categoryFilterLabel = (category: RentCategoryFilter) =>
  category === ALL_RENT_CATEGORIES ? 'All Categories' : rentCategoryLabel(category);

/** The filter and sort panel of shell spec 5.3. */
export function RentFiltersPanel({
  filters,
  onChange,
}: {
  filters: RentFilters;
  onChange: (filters: RentFilters) => void;
}) {
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const set = <K extends keyof RentFilters>(key: K, value: RentFilters[K]) => onChange({ ...filters, [key]: value });
  // Folded away, the filters in use still show on the button: a list opened from a link or by Back may be
  // filtered without the person having touched anything.
  const active = activeRentFilterCount(filters);
  return (
    <form
      className={open ? 'rent-filters rent-filters--open card' : 'rent-filters card'}
      role="search"
      aria-label="Filter rentals"
      onSubmit={(e) => e.preventDefault()}
    >
      <LabelledInput
        label="Search"
        type="search"
        placeholder="Address, description or property type"
        value={filters.search}
        onChange={(event) => set('search', event.target.value)}
        fieldClassName="rent-filters__search"
      />
      {/* On phones the other filters fold away behind this button; wider screens always show them. */}
      <Button
        variant="secondary"
        className="rent-filters__toggle"
        aria-expanded={open}
        aria-controls={moreId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide filters' : active > 0 ? `Filters & sort (${active})` : 'Filters & sort'}
      </Button>
      <div className="rent-filters__more" id={moreId}>
        <OptionSelect
          label="Category"
          value={filters.category}
          values={CATEGORY_FILTERS}
          labels={categoryFilterLabel}
          onChange={(value) => set('category', value)}
        />
        <OptionSelect
          label="Posted by"
          value={filters.postedBy}
          values={POSTED_BY_OPTIONS}
          labels={POSTED_BY_LABELS}
          onChange={(value) => set('postedBy', value)}
        />
        <LabelledInput
          label="Min Price ($)"
          inputMode="numeric"
          placeholder="Min"
          value={filters.minPrice}
          onChange={(event) => set('minPrice', event.target.value)}
        />
        <LabelledInput
          label="Max Price ($)"
          inputMode="numeric"
          placeholder="Max"
          value={filters.maxPrice}
          onChange={(event) => set('maxPrice', event.target.value)}
        />
        <OptionSelect
          label="Sort by"
          value={filters.sortBy}
          values={RENT_SORT_KEYS}
          labels={RENT_SORT_LABELS}
          onChange={(value) => set('sortBy', value)}
        />
        <OptionSelect
          label="Order"
          value={filters.sortOrder}
          values={SORT_ORDERS}
          labels={SORT_ORDER_LABELS}
          onChange={(value) => set('sortOrder', value)}
        />
        <Button variant="secondary" className="rent-filters__clear" onClick={() => onChange(clearRentFilters(filters))}>
          Clear All Filters
        </Button>
      </div>
    </form>
  );
}
