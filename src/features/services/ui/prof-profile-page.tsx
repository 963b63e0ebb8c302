import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { MAX_SERVICES_PER_USER, AVAILABLE_TIME_LABELS, type ServiceRecord } from '@/domain/service';
import { formatAverage } from '@/domain/service-rating';
import { formatPriceRange } from './format-price';
import { isOwnRecord, type ProfileRecord, type PublicProfile, type UserRecord } from '@/domain/user';
import { apiErrorMessage } from '@/lib/api-client';
import { useSelfId } from '@/lib/signed-in';
import { useEmailVerification } from '@/lib/use-email-verification';
import { Button, ButtonLink } from '@/ui/button';
import { CategoryIcon } from '@/ui/category-icon';
import { ReviewsDialog } from '@/ui/reviews-dialog-slot';
import { SpinnerScreen } from '@/ui/spinner';
import { VerifyEmailNotice } from '@/ui/verify-email-notice';
import { getOutboxItem, isOutboxItemOf } from '@/lib/outbox/outbox-db';
import type { OutboxPayload } from '@/domain/outbox-payloads';
import { addFeedback } from '../api/post-services';
import { useProvider } from './use-provider';
import { useProviderServices } from './use-services';
import './services.css';

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** /main/prof-profile/{id}: a provider's person and up to two services, with reviews. */
export function ProfProfilePage() {
  const { id = '' } = useParams();
  const selfId = useSelfId();
  const unverified = useEmailVerification(selfId) === 'unverified';
  const provider = useProvider(id);
  const services = useProviderServices(id);
  const [reviewing, setReviewing] = useState<string>();
  const editing = useReviewBeingEdited(selfId, setReviewing);

  if (provider.status === 'loading') return <SpinnerScreen label="Loading profile..." />;
  if (provider.status === 'error') {
    return (
      <div className="page">
        <div className="error-panel" role="alert">
          <h1>Error Loading Profile</h1>
          <p>{provider.message}</p>
          <p className="text-muted">Please try again, or check your network connection.</p>
        </div>
      </div>
    );
  }
  if (provider.status === 'not-found') {
    return (
      <div className="page">
        <div className="empty-panel">
          <h1>Profile Not Found</h1>
          <p className="text-muted">The user profile you are looking for does not exist.</p>
          <ButtonLink to="/main/find-service/all">Browse Services</ButtonLink>
        </div>
      </div>
    );
  }

  const user = provider.user;
  const isSelf = user._id === selfId;
  const offered = (services.value ?? []).slice(0, MAX_SERVICES_PER_USER);
  const reviewed = offered.find((service) => service._id === reviewing);
  return (
    <div className="page prof-profile">
      <PersonCard user={user} />
      <section className="prof-profile__services" aria-labelledby="services-offered">
        <h2 id="services-offered" className="section-title">
          Professional Services Offered
        </h2>
        {services.loading ? (
          <SpinnerScreen label="Loading services..." />
        ) : offered.length === 0 ? (
          <div className="empty-panel">
            <p>
              {isSelf
                ? 'You do not offer any professional services yet.'
                : `${user.name} does not offer any professional services yet.`}
            </p>
            {isSelf ? <ButtonLink to="/main/offer-service">Offer a Service</ButtonLink> : null}
          </div>
        ) : (
          offered.map((service) => (
            <OfferedService
              key={service._id}
              service={service}
              user={user}
              isSelf={isSelf}
              onReviews={() => setReviewing(service._id)}
            />
          ))
        )}
      </section>
      <ReviewsDialog
        open={reviewed !== undefined}
        onClose={() => setReviewing(undefined)}
        mode="reviews"
        services={reviewed ? [reviewed] : []}
        canReview={!isSelf}
        reviewBlocked={unverified ? <VerifyEmailNotice userId={selfId} toDo="review a service" /> : undefined}
        initialReview={editing && editing.serviceId === reviewed?._id ? editing : undefined}
        // The fixed review replaces the refused one it came from.
        onSubmit={(values) => addFeedback(values, selfId, editing?.itemId)}
        errorMessage={(error) => apiErrorMessage(error, 'Failed to submit feedback.')}
      />
    </div>
  );
}

/**
 * Edit from the outbox (`?outbox=<id>`): a review the server refused opens again in the dialog, filled in.
 */
function useReviewBeingEdited(selfId: string, open: (serviceId: string) => void) {
  const [searchParams] = useSearchParams();
  const itemId = Number(searchParams.get('outbox')) || undefined;
  const [editing, setEditing] = useState<(OutboxPayload<'review'> & { itemId: number }) | undefined>();
  useEffect(() => {
    if (!itemId) return undefined;
    let live = true;
    void getOutboxItem(itemId).then((item) => {
      if (!live || !isOutboxItemOf(item, 'review') || item.ownerId !== selfId) return;
      setEditing({ ...item.payload, itemId });
      open(item.payload.serviceId);
    });
    return () => {
      live = false;
    };
  }, [itemId, selfId, open]);
  return editing;
}

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The provider as a person: their whole record to themselves, the public profile to everyone else. */
function PersonCard({ user }: { user: ProfileRecord }) {
  const links = (['facebook', 'instagram', 'linkedin'] as const).filter((key) => user.socialMedia[key]);
  const labels = { facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn' };
  return (
    <article className="card person-card">
      <div className="person-card__head">
        {user.profileImage ? (
          <img className="avatar avatar--large" src={user.profileImage} alt={user.name} />
        ) : (
          <span className="avatar avatar--large avatar--placeholder" aria-hidden="true">
            {user.name.slice(0, 1)}
          </span>
        )}
        <div>
          <h1 className="person-card__name">{user.name}</h1>
          {isOwnRecord(user) ? (
            <span className={`status-pill status-pill--${user.status === 'active' ? 'active' : 'inactive'}`}>
              {user.status}
            </span>
          ) : (
            <p className="text-muted">Member since {monthYear.format(new Date(user.createdAt))}</p>
          )}
        </div>
      </div>
      {isOwnRecord(user) ? <OwnDetails user={user} /> : <PublicDetails user={user} />}
      {user.isVerified ? <p className="verified">✓ Account Verified</p> : null}
      {links.length > 0 ? (
        <p className="social-links">
          {links.map((key) => (
            <a key={key} href={user.socialMedia[key]} target="_blank" rel="noopener noreferrer">
              {labels[key]}
            </a>
          ))}
        </p>
      ) : null}
    </article>
  );
}

function PublicDetails({ user }: { user: PublicProfile }) {
  return (
    <>
      <dl className="facts">
        <div>
          <dt>City</dt>
          <dd>{user.address.city}</dd>
        </div>
        {user.occupation ? (
          <div>
            <dt>Occupation</dt>
            <dd>{user.occupation}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-muted">To get in touch, use the contact number on a service below.</p>
    </>
  );
}

function OwnDetails({ user }: { user: UserRecord }) {
  return (
    <>
      <h2 className="person-card__section">Contact</h2>
      <dl className="facts">
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${user.email}`}>{user.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{user.phoneNumber}</dd>
        </div>
        <div>
          <dt>Street</dt>
          <dd>{user.address.street}</dd>
        </div>
        <div>
          <dt>City</dt>
          <dd>{user.address.city}</dd>
        </div>
        <div>
          <dt>Postal code</dt>
          <dd>{user.address.postalCode}</dd>
        </div>
      </dl>
      <h2 className="person-card__section">Personal details</h2>
      <dl className="facts">
        <div>
          <dt>Date of birth</dt>
          <dd>{longDate.format(new Date(`${user.dateOfBirth}T00:00:00Z`))}</dd>
        </div>
        <div>
          <dt>Gender</dt>
          <dd>{user.gender}</dd>
        </div>
        <div>
          <dt>Nationality</dt>
          <dd>{user.nationality}</dd>
        </div>
        {user.occupation ? (
          <div>
            <dt>Occupation</dt>
            <dd>{user.occupation}</dd>
          </div>
        ) : null}
        {user.nid ? (
          <div>
            <dt>NID</dt>
            <dd>{user.nid}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-muted">Only you see your contact and personal details.</p>
    </>
  );
}

function OfferedService({
  service,
  user,
  isSelf,
  onReviews,
}: {
  service: ServiceRecord;
  user: ProfileRecord;
  isSelf: boolean;
  onReviews: () => void;
}) {
  return (
    <article className="card offered-service">
      <header className="offered-service__head">
        <span className="offered-service__icon">
          <CategoryIcon category={service.category} size={28} />
        </span>
        <div>
          <h3 className="offered-service__category">{service.category}</h3>
          <p className="text-muted">
            {user.name}
            {user.occupation ? ` · ${user.occupation}` : ''}
          </p>
        </div>
        <span className={`status-pill status-pill--${service.status === 'active' ? 'active' : 'inactive'}`}>
          {service.status}
        </span>
      </header>
      {service.coverImage ? (
        <img
          className="offered-service__cover"
          src={service.coverImage}
          alt={`${service.category} cover`}
          loading="lazy"
        />
      ) : null}
      <p>{service.description}</p>
      <dl className="facts facts--two">
        <div>
          <dt>Price range</dt>
          <dd className="price">{formatPriceRange(service.minimumPrice, service.maximumPrice)}</dd>
        </div>
        <div>
          <dt>Availability</dt>
          <dd>{AVAILABLE_TIME_LABELS[service.availableTime]}</dd>
        </div>
        <div>
          <dt>Available days</dt>
          <dd>{service.availableDays.join(', ')}</dd>
        </div>
        <div>
          <dt>Service area</dt>
          <dd>{service.serviceArea.join(', ')}</dd>
        </div>
        <div>
          <dt>Contact number</dt>
          <dd>{service.contactNumber}</dd>
        </div>
        {isOwnRecord(user) ? (
          <div>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </div>
        ) : null}
        <div className="facts__wide">
          <dt>Base address</dt>
          <dd>{service.addressLine}</dd>
        </div>
      </dl>
      <div className="offered-service__actions">
        <Button variant="secondary" onClick={onReviews}>
          ★ {formatAverage(service.ratings)}/5 ({service.ratings.length}{' '}
          {service.ratings.length === 1 ? 'review' : 'reviews'})
        </Button>
        {isSelf ? <ButtonLink to={`/main/edit-profession/${service._id}`}>Edit Profession</ButtonLink> : null}
      </div>
    </article>
  );
}
