import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { formatCalendarDate, formatPostedDate, formatTaka } from '@/i18n/format';
import { addressWithPlace, placeLine } from '@/domain/places/place-display';
import { rentListReturnPath } from '@/domain/list-url-state';
import {
  REDIRECT_AFTER_RENT_DELETE_MS,
  rentAdCity,
  rentAdTitle,
  rentCategoryName,
  rentFrequencyLabel,
  rentPerFrequency,
  rentPostalCode,
  type RentPostDetails,
} from '@/domain/rent-post';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage, isAbortError } from '@/lib/api-client';
import { readSession } from '@/lib/session-cookies';
import type { RecordSource } from '@/lib/viewed-records/with-offline-copy';
import { Button, ButtonLink } from '@/ui/button';
import { ContactButtons } from '@/ui/contact-buttons';
import { readablePhone } from '@/domain/phone-links';
import { ReportButton } from '@/ui/moderation-slots';
import { RequestButton } from '@/ui/request-slots';
import { publicUrl, ShareButton } from '@/ui/share-button';
import { hasPublicRentPage } from '@/domain/public-pages';
import { rentShareText } from '@/domain/rent-share';
import { OfflineBanner } from '@/ui/offline-banner';
import { SaveHeart } from '@/ui/save-heart';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { fetchRentPhone, fetchRentPostDetails, RentPostNotFound } from '../api/rent-post-details';
import { deleteRentPost } from '../api/rent-post-writes';
import { RentGallery } from './rent-gallery';
import { RentOwnerActions } from './rent-owner-actions';
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
          message: error instanceof RentPostNotFound ? m.rent_details_not_found() : m.rent_details_load_failed(),
        });
      },
    );
    return () => controller.abort();
  }, [id, attempt]);

  if (state.status === 'loading') return <SpinnerScreen label={m.rent_loading_details()} />;
  if (state.status === 'error') {
    return (
      <section className="rent-page rent-details__error">
        <p className="notice notice--error" role="alert">
          {state.message}
        </p>
        <ButtonLink to="/main/rent" variant="secondary">
          {m.rent_back()}
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
      <RentDetails
        post={state.post}
        onStatusChanged={(status) =>
          setState((shown) => (shown.status === 'loaded' ? { ...shown, post: { ...shown.post, status } } : shown))
        }
      />
    </>
  );
}

function RentDetails({
  post,
  onStatusChanged,
}: {
  post: RentPostDetails;
  onStatusChanged: (status: RentPostDetails['status']) => void;
}) {
  const navigate = useNavigate();
  // Back to the list as it was left: its search and filters, handed over by the card that opened this page.
  const listPath = rentListReturnPath(useLocation().state);
  const session = readSession();
  const isPoster = session?.userId === post.user._id;
  // A visitor is never shown a number the phone holds from someone's earlier session: they ask for it.
  const shownPhone = session ? post.contactInfo : '';
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
      showToast(m.rent_deleted(), 'success', REDIRECT_AFTER_RENT_DELETE_MS);
      redirect.current = setTimeout(() => navigate('/main/rent'), REDIRECT_AFTER_RENT_DELETE_MS);
    } catch (error) {
      console.error('Could not delete the listing', error);
      showToast(await apiErrorMessage(error, m.rent_delete_failed()), 'error');
      setDeleting(false);
      setConfirming(false);
    }
  };

  const locale = getLocale();
  const category = rentCategoryName(post.category);
  const title = rentAdTitle(post, locale);
  return (
    <article className="rent-page rent-details">
      <nav className="rent-details__back">
        <Link to={listPath}>{m.rent_all_rentals()}</Link>
      </nav>
      <div className="rent-details__layout">
        <RentGallery urls={post.imageUrls} smallUrls={post.thumbnailUrls} label={category} />
        <div className="rent-details__summary card">
          <div className="rent-card__top">
            <span className="rent-card__category">{category}</span>
            <StatusBadge status={post.status} />
            <SaveHeart kind="rent" id={post._id} record={post} title={title} className="save-heart--end" />
          </div>
          <h1 className="rent-details__title">{title}</h1>
          <p className="rent-details__address">
            {post.place
              ? addressWithPlace(post.addressLine, post.place, locale)
              : [post.addressLine, post.city].filter(Boolean).join(', ')}{' '}
            {rentPostalCode(post.postalCode, locale)}
          </p>
          <p className="rent-card__price rent-details__price">
            <strong>{formatTaka(post.cost)}</strong>
            <span>/{rentPerFrequency(post.rentPaymentFrequency)}</span>
          </p>
          <p className="rent-details__poster">
            {/* The name is missing only offline, for a post read from the list's mirror. */}
            {m.rent_posted_by_prefix()}{' '}
            <Link to={`/main/profile/${post.user._id}`}>
              {post.user.name || (isPoster ? m.rent_poster_you() : m.rent_poster_member())}
            </Link>{' '}
            {m.rent_posted_on({ date: formatPostedDate(post.createdAt) })}
          </p>
          {/* A Booked ad is taken: no one is asked to call about it (issue 21). */}
          {post.status === 'Booked' ? (
            <p className="rent-details__booked">{m.rent_manage_booked_no_contact()}</p>
          ) : (
            <ContactButtons
              phone={shownPhone}
              showNumber={() => fetchRentPhone(post._id)}
              whatsAppMessage={m.share_whatsapp_rent_message({ title, url: publicUrl(`/rent/${post._id}`) })}
            />
          )}
          {post.status === 'Active' && !isPoster ? (
            <RequestButton target={{ kind: 'visit', listingId: post._id, ownerId: post.user._id }} />
          ) : null}
          {hasPublicRentPage(post) ? (
            <ShareButton path={`/rent/${post._id}`} title={title} text={rentShareText(post, locale)} />
          ) : null}
          {isPoster ? (
            <div className="rent-details__owner">
              {deleted ? null : (
                <RentOwnerActions post={post} ownerId={post.user._id} onStatusChanged={onStatusChanged} />
              )}
              {deleted ? (
                <p className="notice notice--success" role="status">
                  {m.rent_deleted_redirecting()}
                </p>
              ) : confirming ? (
                <div className="rent-details__confirm" role="group" aria-label={m.rent_confirm_delete()}>
                  <p>{m.rent_delete_question()}</p>
                  <div className="rent-details__confirm-actions">
                    <Button variant="danger" onClick={onDelete} disabled={deleting}>
                      {deleting ? m.rent_deleting() : m.rent_yes_delete()}
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(false)} disabled={deleting}>
                      {m.rent_cancel()}
                    </Button>
                  </div>
                </div>
              ) : (
                <Button variant="danger" block onClick={() => setConfirming(true)}>
                  {m.rent_delete_listing()}
                </Button>
              )}
            </div>
          ) : (
            <ReportButton kind="rent" targetId={post._id} ownerId={post.user._id} />
          )}
        </div>
      </div>
      <section className="rent-details__facts card" aria-labelledby="rent-facts-title">
        <h2 id="rent-facts-title">{m.rent_property_details()}</h2>
        <dl className="rent-facts">
          <Fact term={m.rent_fact_category()} value={category} />
          <Fact term={m.rent_fact_cost()} value={formatTaka(post.cost)} />
          <Fact term={m.rent_fact_frequency()} value={rentFrequencyLabel(post.rentPaymentFrequency)} />
          <Fact term={m.rent_fact_start_date()} value={formatCalendarDate(post.rentStartDate)} />
          {/* A visitor's copy has no number (Show number asks for it) and no street (issue 40). */}
          {post.status === 'Booked' || !shownPhone ? null : (
            <Fact term={m.rent_fact_contact()} value={readablePhone(shownPhone, locale)} whole />
          )}
          {post.addressLine ? <Fact term={m.rent_fact_address()} value={post.addressLine} /> : null}
          {post.place ? <Fact term={m.ui_places_area_label()} value={placeLine(post.place, locale)} /> : null}
          <Fact term={m.rent_fact_city()} value={rentAdCity(post, locale)} />
          {post.postalCode ? (
            <Fact term={m.rent_fact_postal_code()} value={rentPostalCode(post.postalCode, locale)} />
          ) : null}
          <Fact term={m.rent_fact_posted()} value={formatPostedDate(post.createdAt)} />
        </dl>
        <h3 className="rent-details__description-title">{m.rent_details_heading()}</h3>
        <p className="rent-details__description">{post.details}</p>
      </section>
    </article>
  );
}

/** A fact; `whole` for a phone number, which is read in one piece: a row of its own, never broken across lines. */
function Fact({ term, value, whole = false }: { term: string; value: string; whole?: boolean }) {
  return (
    <div className={whole ? 'rent-facts__item rent-facts__item--whole' : 'rent-facts__item'}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
