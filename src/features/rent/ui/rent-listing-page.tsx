import { lazy, Suspense, useEffect, useState } from 'react';
import { useLoaderData } from 'react-router-dom';
import { FIRST_SCREEN_CARDS } from '@/domain/constants';
import { DEFAULT_RENT_FILTERS, RENT_PAGE_SIZE } from '@/domain/filter-rent-posts';
import { readSession } from '@/lib/session-cookies';
import { readFirstScreen } from '@/lib/first-screen-read';
import { preloadImage } from '@/lib/preload-image';
import { useOutboxInUse } from '@/lib/outbox/outbox-presence';
import { useOnline } from '@/lib/use-online';
import { markFirstContentShown } from '@/lib/when-idle';
import { Button, ButtonLink } from '@/ui/button';
import { OfflineBanner } from '@/ui/offline-banner';
import { Spinner, SpinnerScreen } from '@/ui/spinner';
import { cardPhotoUrls, RentCard } from './rent-card';
import { RentFiltersPanel } from './rent-filters-panel';
import { readRentFirstScreen } from '../db/rent-first-screen';
import { useRentListing } from './use-rent-listing';
import './rent.css';

// Ads waiting on this phone: their code and the outbox's database load only when posts may be waiting.
const PendingRentAds = lazy(() => import('./pending-rent-ads').then((m) => ({ default: m.PendingRentAds })));

export const FETCH_FAILED_MESSAGE = 'An error occurred while fetching posts';

/**
 * The route loader: the list's first page as it opens (no filters), read from the mirror before the page renders,
 * without waiting for Dexie.
 */
export async function loadRentListing() {
  const firstPage = await readFirstScreen(() => readRentFirstScreen(RENT_PAGE_SIZE));
  // The first card's first photo is the largest thing on the screen: it is asked for now, while the page
  // renders, not once the card is on the page.
  const firstPhoto = firstPage?.posts[0] && cardPhotoUrls(firstPage.posts[0])[0];
  if (firstPhoto) preloadImage(firstPhoto);
  return firstPage;
}

/** /main/rent: the filter panel and the cards, read from the IndexedDB mirror (shell spec 2.6). */
export function RentListingPage() {
  const firstPage = useLoaderData<typeof loadRentListing>();
  // The own-id cookie (shell spec 2.7); read once, the page is only reached signed in.
  const [selfId] = useState(() => readSession()?.userId);
  const [filters, setFilters] = useState(DEFAULT_RENT_FILTERS);
  const listing = useRentListing(filters, selfId, firstPage);
  const online = useOnline();
  const outboxInUse = useOutboxInUse();
  const mirrorEmpty = listing.hasResult && listing.total === 0;
  // Offline, or the server out of reach: the list is what this phone saved, and the banner says since when.
  const showingSaved = !online || (listing.sync === 'error' && listing.savedAt !== undefined);

  const loading = !listing.hasResult || (listing.sync === 'loading' && mirrorEmpty && online);
  useEffect(() => {
    if (!loading) markFirstContentShown();
  }, [loading]);

  let content;
  if (loading) {
    content = <SpinnerScreen label="Loading properties..." />;
  } else if (listing.sync === 'error' && mirrorEmpty && online) {
    content = (
      <p className="notice notice--error rent-list__error" role="alert">
        {FETCH_FAILED_MESSAGE}
      </p>
    );
  } else {
    content = (
      <>
        {listing.sync === 'error' && !showingSaved ? (
          <p className="notice notice--error" role="alert">
            {FETCH_FAILED_MESSAGE}
          </p>
        ) : null}
        <div className="rent-list__bar">
          <p className="rent-list__count" aria-live="polite">
            {listing.total} properties found
          </p>
          {showingSaved ? null : (
            <Button variant="ghost" onClick={listing.refresh} disabled={listing.sync === 'loading'}>
              {listing.sync === 'loading' ? 'Refreshing...' : 'Refresh'}
            </Button>
          )}
        </div>
        {listing.total === 0 ? (
          <div className="rent-list__empty card">
            <p className="rent-list__empty-title">No rental properties available</p>
            <p>Check back later for new listings</p>
          </div>
        ) : (
          <ul className="rent-grid">
            {listing.posts.map((post, index) => (
              <RentCard key={post._id} post={post} firstOnScreen={index < FIRST_SCREEN_CARDS} />
            ))}
          </ul>
        )}
        {listing.total > 0 && listing.atEnd ? (
          <p className="rent-list__end">You&apos;ve seen all available properties!</p>
        ) : null}
        {listing.total > 0 && !listing.atEnd ? (
          <div className="rent-list__more">
            <Spinner small label="Loading more properties" />
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section className="rent-page">
      <header className="rent-page__header">
        <div>
          <h1>Homes for rent</h1>
          <p className="rent-page__lead">Flats, rooms, shops and offices across Bangladesh.</p>
        </div>
        <ButtonLink to="/main/add-rent">Add New Rental</ButtonLink>
      </header>
      {showingSaved ? (
        <OfflineBanner
          savedAt={listing.savedAt}
          onRefresh={listing.refresh}
          refreshing={listing.sync === 'loading' && online}
        />
      ) : null}
      <RentFiltersPanel filters={filters} onChange={setFilters} />
      {outboxInUse ? (
        <Suspense fallback={null}>
          <PendingRentAds />
        </Suspense>
      ) : null}
      {content}
    </section>
  );
}
