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
  const choice = <K extends 'category' | 'postedBy' | 'sortBy' | 'sortOrder'>(
    key: K,
    label: string,
    values: readonly RentFilters[K][],
    labels: Readonly<Record<RentFilters[K], string>> | ((value: RentFilters[K]) => string),
  ) => (
    <OptionSelect
      label={label}
      value={filters[key]}
      values={values}
      labels={labels}
      onChange={(value) => set(key, value)}
    />
  );
  const price = (key: 'minPrice' | 'maxPrice', label: string, placeholder: string) => (
    <LabelledInput
      label={label}
      inputMode="numeric"
      placeholder={placeholder}
      value={filters[key]}
      onChange={(event) => set(key, event.target.value)}
    />
  );
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
        {choice('category', 'Category', CATEGORY_FILTERS, categoryFilterLabel)}
        {choice('postedBy', 'Posted by', POSTED_BY_OPTIONS, POSTED_BY_LABELS)}
        {price('minPrice', 'Min Price ($)', 'Min')}
        {price('maxPrice', 'Max Price ($)', 'Max')}
        {choice('sortBy', 'Sort by', RENT_SORT_KEYS, RENT_SORT_LABELS)}
        {choice('sortOrder', 'Order', SORT_ORDERS, SORT_ORDER_LABELS)}
        <Button variant="secondary" className="rent-filters__clear" onClick={() => onChange(clearRentFilters(filters))}>
          Clear All Filters
        </Button>
      </div>
    </form>
  );
}
