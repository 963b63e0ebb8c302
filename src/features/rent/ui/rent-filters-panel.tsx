import { useId, useState } from 'react';
import {
  ALL_RENT_CATEGORIES,
  clearRentFilters,
  POSTED_BY_OPTIONS,
  postedByLabel,
  RENT_SORT_KEYS,
  RENT_STATUS_FILTERS,
  rentSortLabel,
  rentStatusFilterLabel,
  rentStatusFilterOf,
  SORT_ORDERS,
  sortOrderLabel,
  type RentCategoryFilter,
  type RentFilters,
} from '@/domain/filter-rent-posts';
import { activeRentFilterCount } from '@/domain/list-url-state';
import { RENT_CATEGORIES, rentCategoryName } from '@/domain/rent-post';
import { localDigits, toLatinDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { Button } from '@/ui/button';
import { LabelledInput, OptionSelect } from '@/ui/field';
import { amountEcho } from '@/ui/number-echo';
import { PlaceFilter } from '@/ui/places/place-filter';

const CATEGORY_FILTERS: readonly RentCategoryFilter[] = [ALL_RENT_CATEGORIES, ...RENT_CATEGORIES];
const categoryFilterLabel = (category: RentCategoryFilter) =>
  category === ALL_RENT_CATEGORIES ? m.rent_all_categories() : rentCategoryName(category);

/** The filter and sort panel of shell spec 5.3. */
export function RentFiltersPanel({
  filters,
  onChange,
  signedIn,
}: {
  filters: RentFilters;
  onChange: (filters: RentFilters) => void;
  /** "Posted by: You" means someone: a visitor is not offered it. */
  signedIn: boolean;
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
  // Kept in Latin digits (the address and the filter read those), shown in the page's; typed as people type
  // amounts ("২০,০০০"), and the line under it says what it reads as, or why it filters nothing.
  const price = (key: 'minPrice' | 'maxPrice', label: string, placeholder: string) => (
    <LabelledInput
      label={label}
      inputMode="numeric"
      placeholder={placeholder}
      value={localDigits(filters[key], getLocale())}
      onChange={(event) => set(key, toLatinDigits(event.target.value))}
      hint={amountEcho(filters[key])}
    />
  );
  // Folded away, the filters in use still show on the button: a list opened from a link or by Back may be
  // filtered without the person having touched anything.
  const active = activeRentFilterCount(filters);
  return (
    <form
      className={open ? 'rent-filters rent-filters--open card' : 'rent-filters card'}
      role="search"
      aria-label={m.rent_filter_rentals()}
      onSubmit={(e) => e.preventDefault()}
    >
      <LabelledInput
        label={m.rent_search()}
        type="search"
        placeholder={m.rent_search_placeholder()}
        value={filters.search}
        onChange={(event) => set('search', event.target.value)}
        fieldClassName="rent-filters__search"
      />
      {/* The place stays in view on phones: renters look by area first. */}
      <PlaceFilter value={filters.place} onChange={(place) => set('place', place)} className="rent-filters__place" />
      {/* On phones the other filters fold away behind this button; wider screens always show them. */}
      <Button
        variant="secondary"
        className="rent-filters__toggle"
        aria-expanded={open}
        aria-controls={moreId}
        onClick={() => setOpen((value) => !value)}
      >
        {open
          ? m.rent_hide_filters()
          : active > 0
            ? m.rent_filters_and_sort_active({ count: localDigits(String(active), getLocale()) })
            : m.rent_filters_and_sort()}
      </Button>
      <div className="rent-filters__more" id={moreId}>
        {choice('category', m.rent_filter_category(), CATEGORY_FILTERS, categoryFilterLabel)}
        {signedIn ? choice('postedBy', m.rent_filter_posted_by(), POSTED_BY_OPTIONS, postedByLabel) : null}
        <OptionSelect
          label={m.rent_manage_filter_status()}
          value={rentStatusFilterOf(filters)}
          values={RENT_STATUS_FILTERS}
          labels={rentStatusFilterLabel}
          onChange={(value) => set('status', value)}
        />
        {price('minPrice', m.rent_filter_min_price(), m.rent_min())}
        {price('maxPrice', m.rent_filter_max_price(), m.rent_max())}
        {choice('sortBy', m.rent_filter_sort_by(), RENT_SORT_KEYS, rentSortLabel)}
        {choice('sortOrder', m.rent_filter_order(), SORT_ORDERS, sortOrderLabel)}
        <Button variant="secondary" className="rent-filters__clear" onClick={() => onChange(clearRentFilters(filters))}>
          {m.rent_clear_all_filters()}
        </Button>
      </div>
    </form>
  );
}
