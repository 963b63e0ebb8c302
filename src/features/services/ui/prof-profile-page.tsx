import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  availableTimeLabel,
  MAX_SERVICES_PER_USER,
  serviceStatusLabel,
  weekdayLabel,
  type ServiceRecord,
} from '@/domain/service';
import { serviceCategoryName } from '@/domain/service-category';
import { formatAverage, hiredOnBashaCount } from '@/domain/service-rating';
import { inWeekOrder } from '@/domain/week';
import { hasPublicProviderPage } from '@/domain/public-pages';
import { genderName } from '@/domain/gender-name';
import { formatLongDate, formatMonthYear } from '@/i18n/format';
import { photoRendition } from '@/domain/data-saver';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { readablePhone } from '@/domain/phone-links';
import { getLocale } from '@/i18n/generated/runtime.js';
import { formatPriceRange } from './format-price';
import { isOwnRecord, type ProfileRecord, type PublicProfile, type UserRecord } from '@/domain/user-record';
import { apiErrorMessage } from '@/lib/api-client';
import { savingData } from '@/lib/data-saver';
import { useSelfIdIfAny } from '@/lib/signed-in';
import { SignInNotice } from '@/ui/sign-in-notice';
import { useEmailVerification } from '@/lib/use-email-verification';
import { Button, ButtonLink } from '@/ui/button';
import { CategoryIcon } from '@/ui/category-icon';
import { HiredReviewsNote } from '@/ui/hired-on-basha';
import { SaveHeart } from '@/ui/save-heart';
import { readSession } from '@/lib/session-cookies';
import { ContactButtons } from '@/ui/contact-buttons';
import { publicUrl, ShareButton } from '@/ui/share-button';
import { ReviewsDialog } from '@/ui/reviews-dialog-slot';
import { ReportButton } from '@/ui/moderation-slots';
import { RequestButton } from '@/ui/request-slots';
import { SpinnerScreen } from '@/ui/spinner';
import { VerifyEmailNotice } from '@/ui/verify-email-notice';
import { getOutboxItem, isOutboxItemOf } from '@/lib/outbox/outbox-db';
import type { OutboxPayload } from '@/domain/outbox-payloads';
import { addFeedback } from '../api/post-services';
import { ServicePlaceLinks } from './service-place-links';
import { useProvider } from './use-provider';
import { useProviderServices } from './use-services';
import './services.css';

/** /main/prof-profile/{id}: a provider's person and up to two services, with reviews. */
export function ProfProfilePage() {
  const { id = '' } = useParams();
  const selfId = useSelfIdIfAny();
  const unverified = useEmailVerification(selfId) === 'unverified';
  const provider = useProvider(id);
  const services = useProviderServices(id);
  const [reviewing, setReviewing] = useState<string>();
  const editing = useReviewBeingEdited(selfId, setReviewing);

  if (provider.status === 'loading') return <SpinnerScreen label={m.services_loading_profile()} />;
  if (provider.status === 'error') {
    return (
      <div className="page">
        <div className="error-panel" role="alert">
          <h1>{m.services_profile_error_title()}</h1>
          <p>{provider.message}</p>
          <p className="text-muted">{m.services_profile_error_hint()}</p>
        </div>
      </div>
    );
  }
  if (provider.status === 'not-found') {
    return (
      <div className="page">
        <div className="empty-panel">
          <h1>{m.services_profile_not_found_title()}</h1>
          <p className="text-muted">{m.services_profile_not_found()}</p>
          <ButtonLink to="/main/find-service/all">{m.services_browse()}</ButtonLink>
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
      <PersonCard user={user} shareable={!services.loading && hasPublicProviderPage(offered)} />
      <section className="prof-profile__services" aria-labelledby="services-offered">
        <h2 id="services-offered" className="section-title">
          {m.services_offered_title()}
        </h2>
        {services.loading ? (
          <SpinnerScreen label={m.services_loading()} />
        ) : offered.length === 0 ? (
          <div className="empty-panel">
            <p>{isSelf ? m.services_none_offered_self() : m.services_none_offered({ name: user.name })}</p>
            {isSelf ? <ButtonLink to="/main/offer-service">{m.services_offer_title()}</ButtonLink> : null}
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
        reviewBlocked={
          !selfId ? (
            <SignInNotice toDo={m.services_to_do_review()} />
          ) : unverified ? (
            <VerifyEmailNotice userId={selfId} toDo={m.services_to_do_review()} />
          ) : undefined
        }
        initialReview={editing && editing.serviceId === reviewed?._id ? editing : undefined}
        // The fixed review replaces the refused one it came from.
        onSubmit={(values) =>
          selfId
            ? addFeedback(values, selfId, editing?.itemId)
            : Promise.reject(new Error(m.services_feedback_failed()))
        }
        errorMessage={(error) => apiErrorMessage(error, m.services_feedback_failed())}
      />
    </div>
  );
}

/**
 * Edit from the outbox (`?outbox=<id>`): a review the server refused opens again in the dialog, filled in.
 */
function useReviewBeingEdited(selfId: string | undefined, open: (serviceId: string) => void) {
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

/**
 * The provider as a person: their whole record to themselves, the public profile to everyone else; Share while
 * their public page shows them.
 */
function PersonCard({ user, shareable }: { user: ProfileRecord; shareable: boolean }) {
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
              {user.status === 'active' || user.status === 'inactive' ? serviceStatusLabel(user.status) : user.status}
            </span>
          ) : (
            <p className="text-muted">{m.services_member_since({ date: formatMonthYear(new Date(user.createdAt)) })}</p>
          )}
        </div>
      </div>
      {/* Without an active service the public page answers 404: no link to share yet. */}
      {shareable ? <ShareButton path={`/pros/${user._id}`} title={user.name} /> : null}
      {isOwnRecord(user) ? <OwnDetails user={user} /> : <PublicDetails user={user} />}
      {user.isVerified ? <p className="verified">{m.services_account_verified()}</p> : null}
      {user.phoneVerified ? <p className="verified">{m.services_phone_verified()}</p> : null}
      {links.length > 0 ? (
        <p className="social-links">
          {links.map((key) => (
            <a key={key} href={user.socialMedia[key]} target="_blank" rel="noopener noreferrer">
              {labels[key]}
            </a>
          ))}
        </p>
      ) : null}
      <ReportButton kind="user" targetId={user._id} ownerId={user._id} look="link" />
    </article>
  );
}

function PublicDetails({ user }: { user: PublicProfile }) {
  return (
    <>
      <dl className="facts">
        <div>
          <dt>{m.services_city()}</dt>
          <dd>{user.address.city}</dd>
        </div>
        {user.occupation ? (
          <div>
            <dt>{m.services_occupation()}</dt>
            <dd>{user.occupation}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-muted">{m.services_get_in_touch()}</p>
    </>
  );
}

function OwnDetails({ user }: { user: UserRecord }) {
  return (
    <>
      <h2 className="person-card__section">{m.services_contact()}</h2>
      <dl className="facts">
        <div>
          <dt>{m.services_email()}</dt>
          <dd>
            <a href={`mailto:${user.email}`}>{user.email}</a>
          </dd>
        </div>
        <div>
          <dt>{m.services_phone()}</dt>
          <dd>{readablePhone(user.phoneNumber, getLocale())}</dd>
        </div>
        <div>
          <dt>{m.services_street()}</dt>
          <dd>{user.address.street}</dd>
        </div>
        <div>
          <dt>{m.services_city()}</dt>
          <dd>{user.address.city}</dd>
        </div>
        <div>
          <dt>{m.services_postal_code()}</dt>
          <dd>{localDigits(user.address.postalCode, getLocale())}</dd>
        </div>
      </dl>
      <h2 className="person-card__section">{m.services_personal_details()}</h2>
      <dl className="facts">
        <div>
          <dt>{m.services_date_of_birth()}</dt>
          <dd>{formatLongDate(new Date(`${user.dateOfBirth}T00:00:00Z`))}</dd>
        </div>
        <div>
          <dt>{m.services_gender()}</dt>
          <dd>{genderName(user.gender)}</dd>
        </div>
        <div>
          <dt>{m.services_nationality()}</dt>
          <dd>{user.nationality}</dd>
        </div>
        {user.occupation ? (
          <div>
            <dt>{m.services_occupation()}</dt>
            <dd>{user.occupation}</dd>
          </div>
        ) : null}
        {user.nid ? (
          <div>
            <dt>{m.services_nid()}</dt>
            <dd>{user.nid}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-muted">{m.services_private_details()}</p>
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
  const category = serviceCategoryName(service.category);
  const reviews = localDigits(String(service.ratings.length), getLocale());
  return (
    <article className="card offered-service">
      <header className="offered-service__head">
        <span className="offered-service__icon">
          <CategoryIcon category={service.category} size={28} />
        </span>
        <div>
          <h3 className="offered-service__category">{category}</h3>
          <p className="text-muted">
            {user.name}
            {user.occupation ? ` · ${user.occupation}` : ''}
          </p>
        </div>
        <span className={`status-pill status-pill--${service.status === 'active' ? 'active' : 'inactive'}`}>
          {serviceStatusLabel(service.status)}
        </span>
        <SaveHeart kind="service" id={service._id} record={service} title={`${category}, ${user.name}`} />
      </header>
      {service.coverImage ? (
        <img
          className="offered-service__cover"
          src={photoRendition(service.coverImage, service.coverThumbnail, savingData())}
          alt={m.services_cover_of({ category })}
          loading="lazy"
        />
      ) : null}
      <p>{service.description}</p>
      <dl className="facts facts--two">
        <div>
          <dt>{m.services_price_range()}</dt>
          <dd className="price">{formatPriceRange(service.minimumPrice, service.maximumPrice)}</dd>
        </div>
        <div>
          <dt>{m.services_availability()}</dt>
          <dd>{availableTimeLabel(service.availableTime)}</dd>
        </div>
        <div>
          <dt>{m.services_available_days()}</dt>
          <dd>{inWeekOrder(service.availableDays).map(weekdayLabel).join(', ')}</dd>
        </div>
        <div>
          <dt>{m.services_service_area()}</dt>
          {/* The places, in the page's language, each a link; a service offered before places keeps its areas as
              written (with places, `serviceArea` is only their English names). */}
          <dd>
            {service.servicePlaces?.length ? null : service.serviceArea.join(', ')}
            <ServicePlaceLinks service={service} />
          </dd>
        </div>
        {/* A visitor asks for the number (Show number below): none shown before. */}
        {readSession() && service.contactNumber ? (
          <div>
            <dt>{m.services_contact_number()}</dt>
            <dd>{readablePhone(service.contactNumber, getLocale())}</dd>
          </div>
        ) : null}
        {isOwnRecord(user) ? (
          <div>
            <dt>{m.services_email()}</dt>
            <dd>{user.email}</dd>
          </div>
        ) : null}
        {/* A visitor's copy has no street (issue 40). */}
        {service.addressLine ? (
          <div className="facts__wide">
            <dt>{m.services_base_address()}</dt>
            <dd>{service.addressLine}</dd>
          </div>
        ) : null}
      </dl>
      {service.status === 'active' && !isSelf ? (
        <ContactButtons
          phone={service.contactNumber}
          showNumber={() => import('../api/service-phone').then((phone) => phone.fetchServicePhone(service._id))}
          whatsAppMessage={m.share_whatsapp_service_message({ category, url: publicUrl(`/pros/${user._id}`) })}
        />
      ) : null}
      {service.status === 'active' && !isSelf ? (
        <RequestButton
          target={{
            kind: 'service',
            listingId: service._id,
            ownerId: user._id,
            places: service.servicePlaces ?? [],
            minimumPrice: service.minimumPrice,
            maximumPrice: service.maximumPrice,
          }}
        />
      ) : null}
      <HiredReviewsNote hired={hiredOnBashaCount(service.ratings)} count={service.ratings.length} />
      <div className="offered-service__actions">
        <Button variant="secondary" onClick={onReviews}>
          {m.services_rating_with_reviews({ rating: formatAverage(service.ratings), count: reviews })}
        </Button>
        {isSelf ? (
          <ButtonLink to={`/main/edit-profession/${service._id}`}>{m.services_edit_profession()}</ButtonLink>
        ) : (
          <ReportButton kind="service" targetId={service._id} ownerId={user._id} />
        )}
      </div>
    </article>
  );
}
