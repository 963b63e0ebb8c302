import { Suspense, useEffect } from 'react';
import { useLoaderData, useLocation, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router-dom';
import { FIRST_SCREEN_CARDS } from '@/domain/constants';
import { DEFAULT_RENT_FILTERS, RENT_PAGE_SIZE, RENT_SEARCH_DEBOUNCE_MS } from '@/domain/filter-rent-posts';
import { parseRentListParams, rentListParams } from '@/domain/list-url-state';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { listPagesOfEntry, rememberListPages } from '@/lib/list-entry-pages';
import { readSession } from '@/lib/session-cookies';
import { useSelfIdIfAny } from '@/lib/signed-in';
import { readFirstScreen } from '@/lib/first-screen-read';
import { preloadImage } from '@/lib/preload-image';
import { useOutboxInUse } from '@/lib/outbox/outbox-presence';
import { useOnline } from '@/lib/use-online';
import { useRestoredScroll } from '@/lib/use-restored-scroll';
import { useUrlFilters } from '@/lib/use-url-filters';
import { markFirstContentShown } from '@/lib/when-idle';
import { Button, ButtonLink } from '@/ui/button';
import { OfflineBanner } from '@/ui/offline-banner';
import { AlertMe } from '@/ui/alert-slots';
import { Spinner, SpinnerScreen } from '@/ui/spinner';
import { cardPhotoUrls, RentCard } from './rent-card';
import { RentFiltersPanel } from './rent-filters-panel';
import { correctedPlaceSearch } from '@/ui/places/search-correction';
import { queryRentPosts } from '../db/rent-db';
import { useRentListing } from './use-rent-listing';
import './rent.css';
import { lazyOptional } from '@/ui/lazy-optional';

// Ads waiting on this phone: their code and the outbox's database load only when posts may be waiting.
const PendingRentAds = lazyOptional(() => import('./pending-rent-ads').then((m) => m.PendingRentAds));

/**
 * The route loader: the list as its address names it (filters, sort, search) and as long as it was when this
 * history entry was left (Back, Forward, reload), read from the mirror before the page renders, by the query the
 * page itself asks. The page then renders whole, rows included, and the scroll position can be restored at once.
 */
export async function loadRentListing({ request }: LoaderFunctionArgs) {
  const filters = parseRentListParams(new URL(request.url).searchParams);
  const pages = listPagesOfEntry(request.url);
  const selfId = readSession()?.userId;
  const firstPage = await readFirstScreen(() =>
    queryRentPosts(filters, selfId, pages * RENT_PAGE_SIZE, correctedPlaceSearch),
  );
  // The first card's first photo is the largest thing on the screen: it is asked for now, while the page
  // renders, not once the card is on the page.
  const firstPhoto = firstPage?.posts[0] && cardPhotoUrls(firstPage.posts[0])[0];
  if (firstPhoto) preloadImage(firstPhoto);
  return { firstPage, pages };
}

/**
 * The loader reads what the page first shows, and no more: the page's own changes of its query string (the
 * filters, as they are typed) are not navigations to read the mirror again for.
 */
export const shouldRevalidateRentListing: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

/** /main/rent: the filter panel and the cards, read from the IndexedDB mirror (shell spec 2.6). */
export function RentListingPage() {
  const { firstPage, pages } = useLoaderData<typeof loadRentListing>();
  const location = useLocation();
  // The own-id cookie (shell spec 2.7); undefined for a visitor, who browses too (issue 40).
  const selfId = useSelfIdIfAny();
  const [filters, setFilters] = useUrlFilters(parseRentListParams, rentListParams, RENT_SEARCH_DEBOUNCE_MS);
  const listing = useRentListing(filters, selfId, firstPage, pages);
  const online = useOnline();
  const outboxInUse = useOutboxInUse();
  const mirrorEmpty = listing.hasResult && listing.all === 0;

  // Back to this entry shows as many pages as it had (the loader reads them), so its scroll position is reached.
  useEffect(() => rememberListPages(location.key, listing.pages), [location.key, listing.pages]);
  // The rows of the pages this entry had are drawn: the scroll position can be put back (see useRestoredScroll).
  const { restoring } = useRestoredScroll(
    listing.hasResult && listing.posts.length >= Math.min(listing.total, pages * RENT_PAGE_SIZE),
  );
  // Offline, or the server out of reach: the list is what this phone saved, and the banner says since when.
  const showingSaved = !online || (listing.sync === 'error' && typeof listing.savedAt === 'number');

  const loading = !listing.hasResult || (listing.sync === 'loading' && mirrorEmpty && online);
  useEffect(() => {
    if (!loading) markFirstContentShown();
  }, [loading]);

  let content;
  if (loading) {
    content = <SpinnerScreen label={m.rent_loading_properties()} />;
  } else if (listing.sync === 'error' && mirrorEmpty && online) {
    content = (
      <p className="notice notice--error rent-list__error" role="alert">
        {m.rent_fetch_failed()}
      </p>
    );
  } else {
    content = (
      <>
        {listing.sync === 'error' && !showingSaved ? (
          <p className="notice notice--error" role="alert">
            {m.rent_fetch_failed()}
          </p>
        ) : null}
        <div className="rent-list__bar">
          <p className="rent-list__count" aria-live="polite">
            {m.rent_found({ count: localDigits(String(listing.total), getLocale()) })}
          </p>
          <div className="rent-list__actions">
            <AlertMe kind="rent" filters={filters} />
            {showingSaved ? null : (
              <Button variant="ghost" onClick={listing.refresh} disabled={listing.sync === 'loading'}>
                {listing.sync === 'loading' ? m.rent_refreshing() : m.rent_refresh()}
              </Button>
            )}
          </div>
        </div>
        {listing.correctedSearch !== undefined ? (
          <p className="notice notice--info rent-list__corrected" role="status">
            {m.ui_search_corrected({ typed: filters.search.trim(), corrected: listing.correctedSearch })}
          </p>
        ) : null}
        {listing.total === 0 && mirrorEmpty ? (
          <div className="rent-list__empty card">
            <p className="rent-list__empty-title">{m.rent_none_available()}</p>
            <p>{m.rent_check_back_later()}</p>
          </div>
        ) : listing.total === 0 ? (
          // There are ads, but the search and filters leave none: say so, and offer the way back to all of them.
          <div className="rent-list__empty card">
            <p className="rent-list__empty-title">{m.rent_no_match()}</p>
            <p>{m.rent_no_match_hint()}</p>
            <Button variant="secondary" onClick={() => setFilters(DEFAULT_RENT_FILTERS)}>
              {m.rent_clear_search_and_filters()}
            </Button>
          </div>
        ) : (
          <ul className={restoring ? 'rent-grid rent-grid--restoring' : 'rent-grid'}>
            {listing.posts.map((post, index) => (
              <RentCard
                key={post._id}
                post={post}
                index={index}
                firstOnScreen={index < FIRST_SCREEN_CARDS}
                listSearch={location.search}
              />
            ))}
          </ul>
        )}
        {listing.total > 0 && listing.atEnd ? <p className="rent-list__end">{m.rent_seen_all()}</p> : null}
        {listing.total > 0 && !listing.atEnd ? (
          <div className="rent-list__more">
            <Spinner small label={m.rent_loading_more()} />
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="rent-page">
      <header className="rent-page__header">
        <div>
          <h1>{m.rent_list_title()}</h1>
          <p className="rent-page__lead">{m.rent_list_lead()}</p>
        </div>
        <ButtonLink to="/main/add-rent">{m.rent_add_new_rental()}</ButtonLink>
      </header>
      {showingSaved ? (
        <OfflineBanner
          savedAt={listing.savedAt}
          onRefresh={listing.refresh}
          refreshing={listing.sync === 'loading' && online}
        />
      ) : null}
      <RentFiltersPanel filters={filters} onChange={setFilters} signedIn={selfId !== undefined} />
      {outboxInUse ? (
        <Suspense fallback={null}>
          <PendingRentAds />
        </Suspense>
      ) : null}
      {content}
    </section>
  );
}
