import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatCalendarDate, formatPostedDate } from '@/domain/display-date';
import {
  REDIRECT_AFTER_RENT_DELETE_MS,
  rentCategoryLabel,
  rentFrequencyLabel,
  type RentPostDetails,
} from '@/domain/rent-post';
import { apiErrorMessage, isAbortError } from '@/lib/api-client';
import { formatTaka } from '@/lib/format-money';
import { readSession } from '@/lib/session-cookies';
import type { RecordSource } from '@/lib/viewed-records/with-offline-copy';
import { Button, ButtonLink } from '@/ui/button';
import { OfflineBanner } from '@/ui/offline-banner';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { fetchRentPostDetails, RentPostNotFound } from '../api/rent-post-details';
import { deleteRentPost } from '../api/rent-post-writes';
import { RentGallery } from './rent-gallery';
import { StatusBadge } from './status-badge';
import './rent.css';

type DetailsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; post: RentPostDetails; source: RecordSource };

/** /main/view-rent/{id}: the gallery, every field, the poster, and Delete Listing for the poster (shell spec 2.7). */
export function RentDetailsPage() {
  const { id = '' } = useParams();
  const [state, setState] = useState<DetailsState>({ status: 'loading' });
  const [loadedId, setLoadedId] = useState(id);
  // Refresh (offline banner) asks the server again without blanking the page shown from the phone.
  const [attempt, setAttempt] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  if (loadedId !== id) {
    setLoadedId(id);
    setState({ status: 'loading' });
  }

  useEffect(() => {
    const controller = new AbortController();
    fetchRentPostDetails(id, controller.signal).then(
      ({ post, source }) => {
        setRefreshing(false);
        setState({ status: 'loaded', post, source });
      },
      (error: unknown) => {
        if (isAbortError(error)) return;
        setRefreshing(false);
        console.error('Could not load rent details', error);
        setState({
          status: 'error',
          message: error instanceof RentPostNotFound ? 'Rent details not found!' : 'Could not load property details.',
        });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  if (state.status === 'loading') return <SpinnerScreen label="Loading property details..." />;
  if (state.status === 'error') {
    return (
      <section className="rent-page rent-details__error">
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
        <ButtonLink to="/main/rent" variant="secondary">
          Back
        </ButtonLink>
      </section>
    );
  }
  return (
    <>
      {state.source.from === 'phone' ? (
        <div className="rent-page rent-details__offline">
          <OfflineBanner
            savedAt={state.source.savedAt}
            refreshing={refreshing}
            onRefresh={() => {
              setRefreshing(true);
              setAttempt((n) => n + 1);
            }}
          />
        </div>
      ) : null}
      <RentDetails post={state.post} />
    </>
  );
}

function RentDetails({ post }: { post: RentPostDetails }) {
  const navigate = useNavigate();
  const isPoster = readSession()?.userId === post.user._id;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);

  const onDelete = async () => {
    setDeleting(true);
    try {
      await deleteRentPost(post._id);
      setDeleted(true);
      showToast('Listing deleted successfully', 'success', REDIRECT_AFTER_RENT_DELETE_MS);
      redirect.current = setTimeout(() => navigate('/main/rent'), REDIRECT_AFTER_RENT_DELETE_MS);
    } catch (error) {
      console.error('Could not delete the listing', error);
      showToast(await apiErrorMessage(error, 'Could not delete the listing. Please try again.'), 'error');
      setDeleting(false);
      setConfirming(false);
    }
  };

  const title = `${rentCategoryLabel(post.category)} in ${post.city}`;
  return (
    <article className="rent-page rent-details">
      <nav className="rent-details__back">
        <Link to="/main/rent">← All rentals</Link>
      </nav>
      <div className="rent-details__layout">
        <RentGallery urls={post.imageUrls} label={post.propertyType} />
        <div className="rent-details__summary card">
          <div className="rent-card__top">
            <span className="rent-card__category">{post.propertyType}</span>
            <StatusBadge status={post.status} />
          </div>
          <h1 className="rent-details__title">{title}</h1>
          <p className="rent-details__address">
            {post.addressLine}, {post.city} {post.postalCode}
          </p>
          <p className="rent-card__price rent-details__price">
            <strong>{formatTaka(post.cost)}</strong>
            <span>/{post.rentPaymentFrequency}</span>
          </p>
          <p className="rent-details__poster">
            {/* The name is missing only offline, for a post read from the list's mirror. */}
            Posted by{' '}
            <Link to={`/main/profile/${post.user._id}`}>
              {post.user.name || (isPoster ? 'you' : 'a Basha member')}
            </Link>{' '}
            on {formatPostedDate(post.createdAt)}
          </p>
          <a className="button button--secondary button--block" href={`tel:${post.contactInfo.replace(/[^\d+]/g, '')}`}>
            Call {post.contactInfo}
          </a>
          {isPoster ? (
            <div className="rent-details__owner">
              {deleted ? (
                <p className="notice notice--success" role="status">
                  Listing deleted. Taking you back to all rentals...
                </p>
              ) : confirming ? (
                <div className="rent-details__confirm" role="group" aria-label="Confirm delete">
                  <p>Delete this listing for good? Its photos are removed too.</p>
                  <div className="rent-details__confirm-actions">
                    <Button variant="danger" onClick={onDelete} disabled={deleting}>
                      {deleting ? 'Deleting...' : 'Yes, delete'}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(false)} disabled={deleting}>
                      Cancel
                    </Button>
                  </div>
                </div>
              ) : (
                <Button variant="danger" block onClick={() => setConfirming(true)}>
                  Delete Listing
                </Button>
              )}
            </div>
          ) : null}
        </div>
      </div>
      <section className="rent-details__facts card" aria-labelledby="rent-facts-title">
        <h2 id="rent-facts-title">Property details</h2>
        <dl className="rent-facts">
          <Fact term="Category" value={rentCategoryLabel(post.category)} />
          <Fact term="Cost" value={formatTaka(post.cost)} />
          <Fact term="Payment Frequency" value={rentFrequencyLabel(post.rentPaymentFrequency)} />
          <Fact term="Start Date" value={formatCalendarDate(post.rentStartDate)} />
          <Fact term="Contact Info" value={post.contactInfo} />
          <Fact term="Address" value={post.addressLine} />
          <Fact term="City" value={post.city} />
          <Fact term="Postal Code" value={post.postalCode} />
          <Fact term="Posted" value={formatPostedDate(post.createdAt)} />
        </dl>
        <h3 className="rent-details__description-title">Details</h3>
        <p className="rent-details__description">{post.details}</p>
      </section>
    </article>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className="rent-facts__item">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
