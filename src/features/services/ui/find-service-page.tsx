import { Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useLoaderData, useParams, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router-dom';
import { FIRST_SCREEN_CARDS } from '@/domain/constants';
import {
  availableTimeLabel,
  AVAILABLE_TIMES,
  CARD_STAGGER_S,
  SEARCH_DEBOUNCE_MS,
  serviceCardCover,
  type ServiceRecord,
} from '@/domain/service';
import { parseServiceCategory, serviceCategoryName, type ServiceCategoryFilter } from '@/domain/service-category';
import { activeServiceFilterCount, parseServiceListParams, serviceListParams } from '@/domain/list-url-state';
import { DEFAULT_SERVICE_FILTERS, filterServices, type ServiceFilters } from '@/domain/service-filters';
import { useCorrectedPlaceSearch } from '@/ui/places/use-corrected-search';
import { localDigits, toLatinDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage } from '@/lib/api-client';
import { readFirstScreen } from '@/lib/first-screen-read';
import { preloadImage } from '@/lib/preload-image';
import { useOutboxInUse } from '@/lib/outbox/outbox-presence';
import { useSelfIdIfAny } from '@/lib/signed-in';
import { SignInNotice } from '@/ui/sign-in-notice';
import { usePaintedOnce } from '@/lib/use-painted-once';
import { useRestoredScroll } from '@/lib/use-restored-scroll';
import { useUrlFilters } from '@/lib/use-url-filters';
import { markFirstContentShown } from '@/lib/when-idle';
import { Button } from '@/ui/button';
import { CategoryIcon } from '@/ui/category-icon';
import { LabelledInput, OptionSelect } from '@/ui/field';
import { amountEcho } from '@/ui/number-echo';
import { PlaceFilter } from '@/ui/places/place-filter';
import { OfflineBanner } from '@/ui/offline-banner';
import { AlertMe } from '@/ui/alert-slots';
import { StaggerItem } from '@/ui/motion/stagger-item';
import { ReviewsDialog } from '@/ui/reviews-dialog-slot';
import { SpinnerScreen } from '@/ui/spinner';
import type { addFeedback as sendFeedback } from '../api/post-services';
import { queryServices } from '../db/services-db';
import { ServiceCard } from './service-card';
import { useCategoryServices } from './use-services';
import './services.css';
import { lazyOptional } from '@/ui/lazy-optional';

// The reviews dialog (its form, validation and sending) loads when someone first opens it, not with the list; the
// offers waiting on this phone only when posts may be waiting.
const PendingServiceOffers = lazyOptional(() =>
  import('./pending-service-offers').then((module) => module.PendingServiceOffers),
);
const addFeedback: typeof sendFeedback = async (...args) => (await import('../api/post-services')).addFeedback(...args);

const AVAILABILITY_FILTERS: readonly ServiceFilters['availability'][] = ['all', ...AVAILABLE_TIMES];
const availabilityLabel = (time: ServiceFilters['availability']) =>
  time === 'all' ? m.services_any_time() : availableTimeLabel(time);
const PRICE_BOUNDS = [
  { key: 'minPrice', label: () => m.services_min_price_filter() },
  { key: 'maxPrice', label: () => m.services_max_price_filter() },
] as const;
const SORT_KEYS: readonly ServiceFilters['sortBy'][] = ['price', 'rating'];
const sortLabel = (key: ServiceFilters['sortBy']) =>
  key === 'price' ? m.services_sort_price() : m.services_sort_rating();
const ORDERS = [
  { value: 'asc', label: () => m.services_ascending() },
  { value: 'desc', label: () => m.services_descending() },
] as const;
// The cards drawn with the page; the others follow once it is on screen (a phone shows two).
const CARDS_IN_FIRST_RENDER = 6;

/**
 * /main/find-service/{category}: the category's services from the device's mirror, filtered and sorted there,
 * while the mirror syncs; offline, a banner says since when the list is saved, with Refresh. One's own offers
 * still waiting on this phone come first, marked "Waiting to send".
 */
/**
 * The route loader: the category's services, read from the mirror before the page renders, as the page asks. The
 * first card's cover is the largest thing on the screen: it is asked for now, while the page renders, not once the
 * card is on the page (as the rent list does).
 */
export async function loadFindService({ params, request }: LoaderFunctionArgs) {
  const category = parseServiceCategory(params.category ?? '');
  if (!category) return undefined;
  const services = await readFirstScreen(() => queryServices({ category }));
  const first = services && filterServices(services, parseServiceListParams(new URL(request.url).searchParams))[0];
  const cover = first && serviceCardCover(first);
  if (cover) preloadImage(cover);
  return services;
}

/**
 * The loader reads the category's services; the filters in the query string are applied on the page, so the
 * page's own changes of them are not navigations to read the mirror again for. Another category is.
 */
export const shouldRevalidateFindService: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

export function FindServicePage() {
  const firstRead = useLoaderData<typeof loadFindService>();
  const { category: param = '' } = useParams();
  const category = parseServiceCategory(param);
  if (!category) {
    return (
      <div className="page">
        <ErrorPanel message={param ? m.services_category_unknown() : m.services_category_missing()} />
      </div>
    );
  }
  return <FindService key={category} category={category} firstRead={firstRead} />;
}

function FindService({
  category,
  firstRead,
}: {
  category: ServiceCategoryFilter;
  firstRead: ServiceRecord[] | undefined;
}) {
  const selfId = useSelfIdIfAny();
  const outboxInUse = useOutboxInUse();
  const services = useCategoryServices(category, firstRead);
  // The filters live in the address (Back, reload and a shared link show the same list); the search box
  // applies 100 ms after the last key (accounts spec, section 2).
  const [filters, setFilters] = useUrlFilters(parseServiceListParams, serviceListParams, SEARCH_DEBOUNCE_MS);
  const [search, setSearch] = useState(filters.search);
  // On phones the filters other than search fold away, so that the first cards show on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const moreId = useId();
  const [reviewing, setReviewing] = useState<string>();
  // Once opened, the dialog stays mounted, so that it can play its closing animation.
  const [reviewsOpened, setReviewsOpened] = useState(false);
  if (reviewing !== undefined && !reviewsOpened) setReviewsOpened(true);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(filters.search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filters.search]);

  useEffect(() => {
    if (!services.loading) markFirstContentShown();
  }, [services.loading]);

  const shownAsTyped = useMemo(
    () => filterServices(services.value ?? [], { ...filters, search }),
    [services.value, filters, search],
  );
  // A search that finds nothing but for a slip in a place's name ("mirpor") shows what the name put right finds.
  const correctedSearch = useCorrectedPlaceSearch(search, shownAsTyped.length === 0 && !!services.value?.length);
  const shownCorrected = useMemo(
    () =>
      correctedSearch === undefined
        ? undefined
        : filterServices(services.value ?? [], { ...filters, search: correctedSearch }),
    [services.value, filters, correctedSearch],
  );
  const corrected = shownCorrected !== undefined && shownCorrected.length > 0;
  const shown = corrected ? shownCorrected : shownAsTyped;
  const painted = usePaintedOnce();
  // Back to a scrolled list draws every card at once: the position it returns to may be past the first six.
  const [restoringDraw, setRestoringDraw] = useState(false);
  const drawn = painted || restoringDraw ? shown : shown.slice(0, CARDS_IN_FIRST_RENDER);
  const { restoring } = useRestoredScroll(!services.loading && drawn.length === shown.length);
  if (restoring && !restoringDraw) setRestoringDraw(true);
  const activeFilters = activeServiceFilterCount(filters);
  const reviewed = shown.find((service) => service._id === reviewing);
  const name = serviceCategoryName(category);
  const locale = getLocale();
  const set = (change: Partial<ServiceFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <div className="page find-service">
      {/* The page's heading first, above the filters (across both columns on a wide screen). */}
      <header className="find-service__header">
        <h1 id="results-title" className="page__title find-service__title">
          {category !== 'all' ? (
            <span className="find-service__icon">
              <CategoryIcon category={category} size={28} />
            </span>
          ) : null}
          {category === 'all' ? m.services_title_all() : m.services_title_category({ category: name })}
        </h1>
        <p className="page__subtitle">{m.services_list_subtitle()}</p>
      </header>
      <aside
        className={filtersOpen ? 'card filter-panel filter-panel--open' : 'card filter-panel'}
        aria-labelledby="filter-title"
      >
        <h2 id="filter-title" className="filter-panel__title">
          {m.services_filter_title()}
        </h2>
        <p className="filter-panel__count" aria-live="polite">
          <strong>{localDigits(String(shown.length), locale)}</strong>
          {m.services_found_suffix({ count: shown.length, name })}
        </p>
        <LabelledInput
          label={m.services_search()}
          type="search"
          placeholder={m.services_search_placeholder()}
          value={filters.search}
          onChange={(event) => set({ search: event.target.value })}
        />
        <PlaceFilter value={filters.place} onChange={(place) => set({ place })} />
        <AlertMe kind="service" category={category} filters={filters} />
        {/* Phones only (services.css): the button shows how many of the folded filters are in use. */}
        <Button
          variant="secondary"
          className="filter-panel__toggle"
          aria-expanded={filtersOpen}
          aria-controls={moreId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen
            ? m.services_hide_filters()
            : activeFilters > 0
              ? m.services_show_filters_count({ count: localDigits(String(activeFilters), locale) })
              : m.services_show_filters()}
        </Button>
        <div className="filter-panel__more" id={moreId}>
          <div className="filter-panel__prices">
            {PRICE_BOUNDS.map(({ key, label }) => (
              // Text, not a number box: a number box refuses Bangla digits. Kept in Latin digits (the address
              // and the filter read those), shown in the page's.
              <LabelledInput
                key={key}
                label={label()}
                type="text"
                inputMode="numeric"
                value={localDigits(filters[key], locale)}
                onChange={(event) => set({ [key]: toLatinDigits(event.target.value) })}
                hint={amountEcho(filters[key])}
              />
            ))}
          </div>
          <OptionSelect
            label={m.services_availability()}
            value={filters.availability}
            values={AVAILABILITY_FILTERS}
            labels={availabilityLabel}
            onChange={(availability) => set({ availability })}
          />
          <OptionSelect
            label={m.services_sort_by()}
            value={filters.sortBy}
            values={SORT_KEYS}
            labels={sortLabel}
            onChange={(sortBy) => set({ sortBy })}
          />
          <fieldset className="choices">
            <legend className="field__label">{m.services_order()}</legend>
            <div className="choices__row">
              {ORDERS.map(({ value, label }) => (
                <label key={value} className="choice">
                  <input
                    type="radio"
                    name="order"
                    value={value}
                    checked={filters.order === value}
                    onChange={() => set({ order: value })}
                  />
                  <span>{label()}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Button variant="secondary" block onClick={() => setFilters(DEFAULT_SERVICE_FILTERS)}>
            {m.services_clear_all_filters()}
          </Button>
        </div>
      </aside>

      <section className="find-service__results" aria-labelledby="results-title">
        {corrected ? (
          <p className="notice notice--info find-service__corrected" role="status">
            {m.ui_search_corrected({ typed: search.trim(), corrected: correctedSearch ?? '' })}
          </p>
        ) : null}
        {services.offline ? (
          <OfflineBanner savedAt={services.savedAt} onRefresh={services.refresh} refreshing={services.refreshing} />
        ) : null}
        {outboxInUse ? (
          <Suspense fallback={null}>
            <PendingServiceOffers category={category} />
          </Suspense>
        ) : null}
        {services.loading ? (
          <SpinnerScreen label={m.services_loading()} />
        ) : services.error && shown.length === 0 && (services.value ?? []).length === 0 ? (
          <ErrorPanel message={services.error} />
        ) : shown.length === 0 ? (
          <div className="empty-panel">
            <h2>{m.services_no_match_title()}</h2>
            <p className="text-muted">
              {category === 'all'
                ? m.services_no_match_hint_all()
                : m.services_no_match_hint_category({ category: name })}
            </p>
            {serviceListParams(filters).size > 0 ? (
              <Button variant="secondary" onClick={() => setFilters(DEFAULT_SERVICE_FILTERS)}>
                {m.services_clear_search_filters()}
              </Button>
            ) : null}
          </div>
        ) : (
          <ul className={restoring ? 'service-grid service-grid--restoring' : 'service-grid'}>
            {drawn.map((service, index) => (
              <StaggerItem key={service._id} index={index} stepS={CARD_STAGGER_S} className="service-grid__item">
                <ServiceCard service={service} onSeeReviews={setReviewing} firstOnScreen={index < FIRST_SCREEN_CARDS} />
              </StaggerItem>
            ))}
          </ul>
        )}
      </section>
      {reviewsOpened ? (
        <Suspense fallback={null}>
          <ReviewsDialog
            open={reviewed !== undefined}
            onClose={() => setReviewing(undefined)}
            mode="reviews"
            services={reviewed ? [reviewed] : []}
            canReview={reviewed?.provider._id !== selfId}
            reviewBlocked={selfId ? undefined : <SignInNotice toDo={m.services_to_do_review()} />}
            onSubmit={(values) =>
              selfId ? addFeedback(values, selfId) : Promise.reject(new Error(m.services_feedback_failed()))
            }
            errorMessage={(error) => apiErrorMessage(error, m.services_feedback_failed())}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function ErrorPanel({ message }: { message: string }) {
  return (
    <div className="error-panel" role="alert">
      <h2>{m.services_error_title()}</h2>
      <p>{message}</p>
      <p className="text-muted">{m.services_error_hint()}</p>
    </div>
  );
}
