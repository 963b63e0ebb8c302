import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ReviewFormValues } from '@/domain/review-form';
import { isOwnRecord, type ProfileRecord } from '@/domain/user';
import { apiErrorMessage } from '@/lib/api-client';
import type { PostOutcome } from '@/lib/outbox/outbox';
import { useSelfId } from '@/lib/signed-in';
import { useEmailVerification } from '@/lib/use-email-verification';
import { Button, ButtonLink } from '@/ui/button';
import { ReviewsDialog } from '@/ui/reviews-dialog-slot';
import { SignOutEverywhere } from '@/ui/sign-out-everywhere';
import { Spinner } from '@/ui/spinner';
import { SignOutButton } from '@/ui/sign-out-button';
import { VerifyEmailNotice } from '@/ui/verify-email-notice';
import { showToast } from '@/ui/toast/toast-atoms';
import { useProfile } from './use-profile';
import './profiles.css';

interface ProfilePageProps {
  /** Signs out here, or everywhere (the accounts feature's flow, handed in by the route table). */
  onLogout: (options?: { everywhere?: boolean }) => Promise<void>;
  /** Sends a review (the services feature's posting module, handed in by the route table). */
  submitReview: (values: ReviewFormValues, clientId: string) => Promise<PostOutcome>;
}

const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** /main/profile/{userId}: a person's profile; Edit Profile and Logout for oneself, Leave A Review for others. */
export function ProfilePage({ onLogout, submitReview }: ProfilePageProps) {
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
        <p className="notice notice--error">User ID is missing from the URL.</p>
      </div>
    );
  }
  if (profile.status === 'loading') return <ProfileLoading />;
  if (profile.status === 'not-found' || profile.status === 'error') {
    return (
      <div className="page">
        <div className="error-panel" role="alert">
          <h1>{profile.status === 'not-found' ? 'Profile Not Found' : 'Could not load this profile'}</h1>
          <p>
            {profile.status === 'not-found' ? 'The user profile you are looking for does not exist.' : profile.message}
          </p>
          <ButtonLink variant="secondary" to="/">
            Go Home
          </ButtonLink>
        </div>
      </div>
    );
  }

  const { user, professions } = profile;
  const isSelf = user._id === selfId;
  const loggedOut = () => {
    showToast('You are signed out', 'info');
    navigate('/');
  };
  const signedOutEverywhere = () => {
    showToast('You are signed out on every device', 'info');
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
          <h1 className="profile-header__name">{user.name || 'Unknown User'}</h1>
          <p className="profile-header__occupation">{user.occupation || 'No occupation listed'}</p>
        </div>
        <div className="profile-header__actions">
          {isSelf ? (
            <>
              <ButtonLink to="/main/edit-profile">Edit Profile</ButtonLink>
              <SignOutButton selfId={selfId} onSignOut={() => onLogout()} onDone={loggedOut}>
                Logout
              </SignOutButton>
              <SignOutEverywhere
                onSignOutEverywhere={() => onLogout({ everywhere: true })}
                onDone={signedOutEverywhere}
              />
            </>
          ) : (
            <Button onClick={() => setReviewOpen(true)}>Leave A Review</Button>
          )}
        </div>
      </header>
      {isSelf && !user.isVerified ? (
        <VerifyEmailNotice userId={selfId} toDo="post rent ads, offer services and leave reviews" />
      ) : null}

      <div className="profile-columns">
        <section className="card profile-card" aria-labelledby="personal-info">
          <h2 id="personal-info" className="profile-card__title">
            Personal Information
          </h2>
          <PersonalFacts user={user} />
          <SocialLinks user={user} />
        </section>
        <section className="card profile-card" aria-labelledby="professional-info">
          <h2 id="professional-info" className="profile-card__title">
            Professional Information
          </h2>
          {professions.length === 0 ? (
            <p className="text-muted">No professional profiles added yet.</p>
          ) : (
            <ul className="profession-rows">
              {professions.map((service) => (
                <li key={service._id} className="profession-rows__item">
                  <span className="profession-rows__category">{service.category}</span>
                  <span
                    className={
                      service.status === 'active'
                        ? 'status-text status-text--active'
                        : 'status-text status-text--inactive'
                    }
                  >
                    {service.status}
                  </span>
                  <ButtonLink variant="secondary" to={`/main/prof-profile/${user._id}`}>
                    View
                  </ButtonLink>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <ReviewsDialog
        open={reviewOpen}
        onClose={() => setReviewOpen(false)}
        mode="feedback"
        services={professions}
        canReview={!isSelf}
        reviewBlocked={unverified ? <VerifyEmailNotice userId={selfId} toDo="review a service" /> : undefined}
        onSubmit={async (values) => {
          const outcome = await submitReview(values, selfId);
          setVersion((current) => current + 1);
          return outcome;
        }}
        errorMessage={(error) => apiErrorMessage(error, 'Failed to submit feedback.')}
      />
    </div>
  );
}

const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Everything to the person themselves; to others, only the public profile (docs/security.md, who sees what). */
function PersonalFacts({ user }: { user: ProfileRecord }) {
  const rows: [string, string][] = isOwnRecord(user)
    ? [
        ['Phone', user.phoneNumber || 'Not provided'],
        ['WhatsApp', user.phoneNumber || 'Not available'],
        ['Email', user.email || 'Not provided'],
        [
          'Date of Birth',
          user.dateOfBirth ? longDate.format(new Date(`${user.dateOfBirth}T00:00:00Z`)) : 'Not provided',
        ],
        ['Gender', user.gender || 'Not specified'],
        ['Nationality', user.nationality || 'Not specified'],
        ['Address Line', user.address.street || 'Not provided'],
        ['City', user.address.city || 'Not provided'],
        ['Postal code', user.address.postalCode || 'Not provided'],
      ]
    : [
        ['City', user.address.city || 'Not provided'],
        ['Member since', monthYear.format(new Date(user.createdAt))],
        ['Email', user.isVerified ? 'Verified' : 'Not verified yet'],
      ];
  return (
    <>
      <dl className="facts facts--two">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {isOwnRecord(user) ? (
        <p className="text-muted profile-privacy-note">
          Only you see your e-mail, phone, date of birth and street. Others see your name, photo, occupation, city and
          links.
        </p>
      ) : (
        <p className="text-muted profile-privacy-note">Phone numbers are on this person&apos;s ads and services.</p>
      )}
    </>
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
        <Spinner label="Loading profile" />
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
