import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ReviewFormValues } from '@/domain/review-form';
import { ADD_EMAIL_PATH, ADD_PHONE_PATH } from '@/domain/contact-additions';
import type { ProfileRecord, UserRecord } from '@/domain/user';
import { isOwnRecord } from '@/domain/user-record';
import { m } from '@/i18n/generated/messages.js';
import { apiErrorMessage } from '@/lib/api-client';
import type { PostOutcome } from '@/lib/outbox/outbox';
import { useSelfId } from '@/lib/signed-in';
import { useEmailVerification } from '@/lib/use-email-verification';
import { Button, ButtonLink } from '@/ui/button';
import { LanguageSwitch } from '@/ui/language-switch';
import { ReviewsDialog } from '@/ui/reviews-dialog-slot';
import { SignOutEverywhere } from '@/ui/sign-out-everywhere';
import { Spinner } from '@/ui/spinner';
import { SignOutButton } from '@/ui/sign-out-button';
import { VerifyEmailNotice } from '@/ui/verify-email-notice';
import { showToast } from '@/ui/toast/toast-atoms';
import { HiddenItemsNotice } from '@/ui/moderation-slots';
import { CATEGORY_NAMES, nameOf, STATUS_NAMES } from './display-names';
import { PersonalFacts } from './personal-facts';
import { useProfile } from './use-profile';
import './profiles.css';

interface ProfilePageProps {
  /** Signs out here, or everywhere (the accounts feature's flow, handed in by the route table). */
  onLogout: (options?: { everywhere?: boolean }) => Promise<void>;
  /** Sends a review (the services feature's posting module, handed in by the route table). */
  submitReview: (values: ReviewFormValues, clientId: string) => Promise<PostOutcome>;
  /** One's own rent ads, to edit and confirm (the rent feature's section, handed in by the route table). */
  ownRentAds?: ((userId: string) => ReactNode) | undefined;
}

/** /main/profile/{userId}: a person's profile; Edit Profile and Logout for oneself, Leave A Review for others. */
export function ProfilePage({ onLogout, submitReview, ownRentAds }: ProfilePageProps) {
  const { userId = '' } = useParams();
  const selfId = useSelfId();
  const unverified = useEmailVerification(selfId) === 'unverified';
  const navigate = useNavigate();
  const [version, setVersion] = useState(0);
  const profile = useProfile(userId, version);
  const [reviewOpen, setReviewOpen] = useState(false);

  if (!userId) {
    return (
      <div className="page">
        <p className="notice notice--error">{m.profiles_user_id_missing()}</p>
      </div>
    );
  }
  if (profile.status === 'loading') return <ProfileLoading />;
  if (profile.status === 'not-found' || profile.status === 'error') {
    return (
      <div className="page">
        <div className="error-panel" role="alert">
          <h1>{profile.status === 'not-found' ? m.profiles_not_found() : m.profiles_load_failed()}</h1>
          <p>{profile.status === 'not-found' ? m.profiles_does_not_exist() : profile.message}</p>
          <ButtonLink variant="secondary" to="/">
            {m.profiles_go_home()}
          </ButtonLink>
        </div>
      </div>
    );
  }

  const { user, professions } = profile;
  const isSelf = user._id === selfId;
  const loggedOut = () => {
    showToast(m.profiles_signed_out(), 'info');
    navigate('/');
  };
  const signedOutEverywhere = () => {
    showToast(m.profiles_signed_out_everywhere(), 'info');
    navigate('/');
  };

  return (
    <div className="page profile-page">
      <header className="card profile-header">
        {user.profileImage ? (
          <img className="profile-header__avatar" src={user.profileImage} alt="" />
        ) : (
          <img className="profile-header__avatar" src="/default-avatar.svg" alt="" />
        )}
        <div className="profile-header__who">
          <h1 className="profile-header__name">{user.name || m.profiles_unknown_user()}</h1>
          <p className="profile-header__occupation">{user.occupation || m.profiles_no_occupation()}</p>
        </div>
        <div className="profile-header__actions">
          {isSelf ? (
            <>
              <ButtonLink to="/main/edit-profile">{m.profiles_edit_profile()}</ButtonLink>
              <SignOutButton selfId={selfId} onSignOut={() => onLogout()} onDone={loggedOut}>
                {m.profiles_logout()}
              </SignOutButton>
              <SignOutEverywhere
                onSignOutEverywhere={() => onLogout({ everywhere: true })}
                onDone={signedOutEverywhere}
              />
            </>
          ) : (
            <Button onClick={() => setReviewOpen(true)}>{m.profiles_leave_review()}</Button>
          )}
        </div>
      </header>
      {isSelf && !user.isVerified && !user.phoneVerified ? (
        <VerifyEmailNotice userId={selfId} toDo={m.profiles_verify_to_post()} />
      ) : null}
      {isSelf ? <HiddenItemsNotice /> : null}

      <div className="profile-columns">
        <section className="card profile-card" aria-labelledby="personal-info">
          <h2 id="personal-info" className="profile-card__title">
            {m.profiles_personal_info()}
          </h2>
          <PersonalFacts user={user} />
          {isSelf && isOwnRecord(user) ? <AddContactLinks user={user} /> : null}
          <SocialLinks user={user} />
        </section>
        <section className="card profile-card" aria-labelledby="professional-info">
          <h2 id="professional-info" className="profile-card__title">
            {m.profiles_professional_info()}
          </h2>
          {professions.length === 0 ? (
            <p className="text-muted">{m.profiles_no_professions()}</p>
          ) : (
            <ul className="profession-rows">
              {professions.map((service) => (
                <li key={service._id} className="profession-rows__item">
                  <span className="profession-rows__category">{nameOf(CATEGORY_NAMES, service.category)}</span>
                  <span
                    className={
                      service.status === 'active'
                        ? 'status-text status-text--active'
                        : 'status-text status-text--inactive'
                    }
                  >
                    {nameOf(STATUS_NAMES, service.status)}
                  </span>
                  <ButtonLink variant="secondary" to={`/main/prof-profile/${user._id}`}>
                    {m.profiles_view()}
                  </ButtonLink>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      {isSelf ? ownRentAds?.(user._id) : null}

      {isSelf ? (
        <section className="card profile-card profile-language" aria-labelledby="profile-language">
          <h2 id="profile-language" className="profile-card__title">
            {m.ui_language()}
          </h2>
          <LanguageSwitch />
        </section>
      ) : null}

      <ReviewsDialog
        open={reviewOpen}
        onClose={() => setReviewOpen(false)}
        mode="feedback"
        services={professions}
        canReview={!isSelf}
        reviewBlocked={
          unverified ? <VerifyEmailNotice userId={selfId} toDo={m.profiles_verify_to_review()} /> : undefined
        }
        onSubmit={async (values) => {
          const outcome = await submitReview(values, selfId);
          setVersion((current) => current + 1);
          return outcome;
        }}
        errorMessage={(error) => apiErrorMessage(error, m.profiles_feedback_failed())}
      />
    </div>
  );
}

/**
 * One's own ways to add a proven contact (issue 40): an e-mail account proves a phone number by SMS code, an
 * account made with a phone number adds an e-mail (proven by the mailed code).
 */
function AddContactLinks({ user }: { user: UserRecord }) {
  const addPhone = !user.phoneVerified;
  const addEmail = !user.email;
  if (!addPhone && !addEmail) return null;
  return (
    <p className="profile-add-contact">
      {addPhone ? (
        <ButtonLink variant="secondary" to={ADD_PHONE_PATH}>
          {user.phoneNumber ? m.profiles_verify_phone() : m.profiles_add_phone()}
        </ButtonLink>
      ) : null}
      {addEmail ? (
        <ButtonLink variant="secondary" to={ADD_EMAIL_PATH}>
          {m.profiles_add_email()}
        </ButtonLink>
      ) : null}
    </p>
  );
}

function SocialLinks({ user }: { user: ProfileRecord }) {
  const links = (
    [
      ['facebook', 'Facebook'],
      ['instagram', 'Instagram'],
      ['linkedin', 'LinkedIn'],
    ] as const
  ).filter(([key]) => user.socialMedia[key]);
  if (links.length === 0) return null;
  return (
    <p className="social-links">
      {links.map(([key, label]) => (
        <a key={key} href={user.socialMedia[key]} target="_blank" rel="noopener noreferrer">
          {label}
        </a>
      ))}
    </p>
  );
}

/** A skeleton of the page on large screens, a spinner on small ones (CSS picks one). */
function ProfileLoading() {
  return (
    <div className="page profile-loading" aria-busy="true">
      <div className="profile-loading__spinner">
        <Spinner label={m.profiles_loading_profile()} />
      </div>
      <div className="profile-loading__skeleton" aria-hidden="true">
        <div className="skeleton skeleton--header" />
        <div className="profile-columns">
          <div className="skeleton skeleton--card" />
          <div className="skeleton skeleton--card" />
        </div>
      </div>
    </div>
  );
}
