import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useLoaderData, useParams, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router-dom';
import { FIRST_SCREEN_CARDS } from '@/domain/constants';
import {
  AVAILABLE_TIME_LABELS,
  AVAILABLE_TIMES,
  CARD_STAGGER_S,
  SEARCH_DEBOUNCE_MS,
  type ServiceRecord,
} from '@/domain/service';
import { parseServiceCategory, type ServiceCategoryFilter } from '@/domain/service-category';
import { activeServiceFilterCount, parseServiceListParams, serviceListParams } from '@/domain/list-url-state';
import { DEFAULT_SERVICE_FILTERS, filterServices, type ServiceFilters } from '@/domain/service-filters';
import { apiErrorMessage } from '@/lib/api-client';
import { readFirstScreen } from '@/lib/first-screen-read';
import { useOutboxInUse } from '@/lib/outbox/outbox-presence';
import { useSelfId } from '@/lib/signed-in';
import { usePaintedOnce } from '@/lib/use-painted-once';
import { useRestoredScroll } from '@/lib/use-restored-scroll';
import { useUrlFilters } from '@/lib/use-url-filters';
import { markFirstContentShown } from '@/lib/when-idle';
import { Button } from '@/ui/button';
import { CategoryIcon } from '@/ui/category-icon';
import { LabelledInput, OptionSelect } from '@/ui/field';
import { OfflineBanner } from '@/ui/offline-banner';
import { StaggerItem } from '@/ui/motion/stagger-item';
import { ReviewsDialog } from '@/ui/reviews-dialog-slot';
import { SpinnerScreen } from '@/ui/spinner';
import type { addFeedback as sendFeedback } from '../api/post-services';
import { queryServices } from '../db/services-db';
import { ServiceCard } from './service-card';
import { useCategoryServices } from './use-services';
import './services.css';

// The reviews dialog (its form, validation and sending) loads when someone first opens it, not with the list; the
// offers waiting on this phone only when posts may be waiting.
const PendingServiceOffers = lazy(() =>
  import('./pending-service-offers').then((m) => ({ default: m.PendingServiceOffers })),
);
const addFeedback: typeof sendFeedback = async (...args) => (await import('../api/post-services')).addFeedback(...args);

const AVAILABILITY_FILTERS: readonly ServiceFilters['availability'][] = ['all', ...AVAILABLE_TIMES];
const availabilityLabel = (time: ServiceFilters['availability']) =>
  time === 'all' ? 'Any Time' : AVAILABLE_TIME_LABELS[time];
const PRICE_BOUNDS = [
  { key: 'minPrice', label: 'Min Price (BDT)' },
  { key: 'maxPrice', label: 'Max Price (BDT)' },
] as const;
const SORT_KEYS: readonly ServiceFilters['sortBy'][] = ['price', 'rating'];
const SORT_LABELS: Record<ServiceFilters['sortBy'], string> = { price: 'Price', rating: 'Rating' };
// The cards drawn with the page; the others follow once it is on screen (a phone shows two).
const CARDS_IN_FIRST_RENDER = 6;

/**
 * /main/find-service/{category}: the category's services from the device's mirror, filtered and sorted there,
 * while the mirror syncs; offline, a banner says since when the list is saved, with Refresh. One's own offers
 * still waiting on this phone come first, marked "Waiting to send".
 */
/** The route loader: the category's services, read from the mirror before the page renders, as the page asks. */
export function loadFindService({ params }: LoaderFunctionArgs) {
  const category = parseServiceCategory(params.category ?? '');
  return category ? readFirstScreen(() => queryServices({ category })) : undefined;
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
        <ErrorPanel
          message={param ? 'Failed to find services for category' : 'No service category specified in the URL.'}
        />
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
  const selfId = useSelfId();
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

  const shown = useMemo(
    () => filterServices(services.value ?? [], { ...filters, search }),
    [services.value, filters, search],
  );
  const painted = usePaintedOnce();
  // Back to a scrolled list draws every card at once: the position it returns to may be past the first six.
  const [restoringDraw, setRestoringDraw] = useState(false);
  const drawn = painted || restoringDraw ? shown : shown.slice(0, CARDS_IN_FIRST_RENDER);
  const { restoring } = useRestoredScroll(!services.loading && drawn.length === shown.length);
  if (restoring && !restoringDraw) setRestoringDraw(true);
  const activeFilters = activeServiceFilterCount(filters);
  const reviewed = shown.find((service) => service._id === reviewing);
  const name = category === 'all' ? 'All Services' : category;
  const set = (change: Partial<ServiceFilters>) => setFilters((current) => ({ ...current, ...change }));

  return (
    <div className="page find-service">
      <aside
        className={filtersOpen ? 'card filter-panel filter-panel--open' : 'card filter-panel'}
        aria-labelledby="filter-title"
      >
        <h2 id="filter-title" className="filter-panel__title">
          Filter &amp; Sort Services
        </h2>
        <p className="filter-panel__count" aria-live="polite">
          <strong>{shown.length}</strong> {shown.length === 1 ? 'service' : 'services'} found in {name}
        </p>
        <LabelledInput
          label="Search"
          type="search"
          placeholder="Area, description or provider"
          value={filters.search}
          onChange={(event) => set({ search: event.target.value })}
        />
        {/* Phones only (services.css): the button shows how many of the folded filters are in use. */}
        <Button
          variant="secondary"
          className="filter-panel__toggle"
          aria-expanded={filtersOpen}
          aria-controls={moreId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? 'Hide filters' : activeFilters > 0 ? `Filters & sort (${activeFilters})` : 'Filters & sort'}
        </Button>
        <div className="filter-panel__more" id={moreId}>
          <div className="filter-panel__prices">
            {PRICE_BOUNDS.map(({ key, label }) => (
              <LabelledInput
                key={key}
                label={label}
                type="number"
                inputMode="numeric"
                min={0}
                value={filters[key]}
                onChange={(event) => set({ [key]: event.target.value })}
              />
            ))}
          </div>
          <OptionSelect
            label="Availability"
            value={filters.availability}
            values={AVAILABILITY_FILTERS}
            labels={availabilityLabel}
            onChange={(availability) => set({ availability })}
          />
          <OptionSelect
            label="Sort By"
            value={filters.sortBy}
            values={SORT_KEYS}
            labels={SORT_LABELS}
            onChange={(sortBy) => set({ sortBy })}
          />
          <fieldset className="choices">
            <legend className="field__label">Order</legend>
            <div className="choices__row">
              {(
                [
                  ['asc', 'Ascending'],
                  ['desc', 'Descending'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="choice">
                  <input
                    type="radio"
                    name="order"
                    value={value}
                    checked={filters.order === value}
                    onChange={() => set({ order: value })}
                  />
                  <span>{label}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Button variant="secondary" block onClick={() => setFilters(DEFAULT_SERVICE_FILTERS)}>
            Clear All Filters
          </Button>
        </div>
      </aside>

      <section className="find-service__results" aria-labelledby="results-title">
        <header className="find-service__header">
          <h1 id="results-title" className="page__title find-service__title">
            {category !== 'all' ? (
              <span className="find-service__icon">
                <CategoryIcon category={category} size={28} />
              </span>
            ) : null}
            {name === 'All Services' ? 'All' : name} Professionals
          </h1>
          <p className="page__subtitle">
            Browse verified local providers, compare prices and read reviews before you call.
          </p>
        </header>
        {services.offline ? (
          <OfflineBanner savedAt={services.savedAt} onRefresh={services.refresh} refreshing={services.refreshing} />
        ) : null}
        {outboxInUse ? (
          <Suspense fallback={null}>
            <PendingServiceOffers category={category} />
          </Suspense>
        ) : null}
        {services.loading ? (
          <SpinnerScreen label="Loading services..." />
        ) : services.error && shown.length === 0 && (services.value ?? []).length === 0 ? (
          <ErrorPanel message={services.error} />
        ) : shown.length === 0 ? (
          <div className="empty-panel">
            <h2>No Matching Services Found</h2>
            <p className="text-muted">
              Try other filters, or clear them to see every {name === 'All Services' ? '' : `${name} `}service.
            </p>
            {serviceListParams(filters).size > 0 ? (
              <Button variant="secondary" onClick={() => setFilters(DEFAULT_SERVICE_FILTERS)}>
                Clear search and filters
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
            onSubmit={(values) => addFeedback(values, selfId)}
            errorMessage={(error) => apiErrorMessage(error, 'Failed to submit feedback.')}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

function ErrorPanel({ message }: { message: string }) {
  return (
    <div className="error-panel" role="alert">
      <h2>Oops! Something went wrong</h2>
      <p>{message}</p>
      <p className="text-muted">Please check your connection and try again in a moment.</p>
    </div>
  );
}
