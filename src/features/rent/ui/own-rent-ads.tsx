import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatPostedDate } from '@/i18n/format';
import { DEFAULT_RENT_FILTERS } from '@/domain/filter-rent-posts';
import {
  needsConfirmation,
  RENT_UNLISTED_AFTER_DAYS,
  rentCategoryName,
  rentConfirmedAt,
  type RentPost,
  type RentStatus,
} from '@/domain/rent-post';
import { localDigits } from '@/i18n/digits';
import { locative } from '@/i18n/case-endings';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { isAbortError } from '@/lib/api-client';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { Button, ButtonLink } from '@/ui/button';
import { showToast } from '@/ui/toast/toast-atoms';
import { rentStatusLabel, sameRentAd } from '../api/rent-labels';
import { fetchOwnRentPosts } from '../api/rent-manage-writes';
import { queryRentPosts } from '../db/rent-db';
import { StatusBadge } from './status-badge';
// The status badge's look is the rent pages' own (rent.css).
import './rent.css';
import './rent-manage.css';

const DAY_MS = 24 * 60 * 60 * 1000;
/** More than anyone posts; the server answers at most 500. */
const OWN_ADS_SHOWN = 500;

/**
 * "Your rent ads" on one's own profile (issue 21): each ad with its status, Edit, and, for an ad not confirmed for
 * 60 days (or already unlisted after 90), the question whether it is still available: Yes confirms it, Booked marks
 * it taken. Read from the phone's list first, then from `GET /rent/my-posts`, which also has the unlisted ones.
 */
export function OwnRentAds({ userId }: { userId: string }) {
  const [ads, setAds] = useState<RentPost[]>();

  useEffect(() => {
    const controller = new AbortController();
    let live = true;
    const own = { ...DEFAULT_RENT_FILTERS, postedBy: 'you' as const, status: 'all' as const };
    void queryRentPosts(own, userId, OWN_ADS_SHOWN).then(
      (page) => live && setAds((shown) => shown ?? page.posts),
      () => undefined,
    );
    fetchOwnRentPosts(controller.signal).then(
      (posts) => live && setAds(posts),
      (error: unknown) => {
        // Offline, the phone's copy stays.
        if (!isAbortError(error)) console.error('Could not load your rent ads', error);
      },
    );
    return () => {
      live = false;
      controller.abort();
    };
  }, [userId]);

  const changed = (id: string, status: RentStatus) =>
    setAds((shown) =>
      shown?.map((ad) =>
        ad._id === id ? { ...ad, status, confirmedAt: new Date().toISOString(), unlistedAt: null } : ad,
      ),
    );

  return (
    <section className="card profile-card own-rent-ads" aria-labelledby="own-rent-ads">
      <h2 id="own-rent-ads" className="profile-card__title">
        {m.rent_manage_your_ads()}
      </h2>
      {ads === undefined ? null : ads.length === 0 ? (
        <p className="text-muted">{m.rent_manage_no_ads()}</p>
      ) : (
        <ul className="own-rent-ads__list">
          {ads.map((ad) => (
            <OwnRentAd key={ad._id} ad={ad} ownerId={userId} onStatusChanged={(status) => changed(ad._id, status)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OwnRentAd({
  ad,
  ownerId,
  onStatusChanged,
}: {
  ad: RentPost;
  ownerId: string;
  onStatusChanged: (status: RentStatus) => void;
}) {
  const [now] = useState(() => Date.now());
  const unlisted = Boolean(ad.unlistedAt);
  const ask = unlisted || needsConfirmation(ad, now);
  const title = m.rent_edit_label({
    category: rentCategoryName(ad.category),
    address: ad.addressLine,
    addressIn: locative(ad.addressLine, getLocale()),
  });
  return (
    <li className="own-rent-ads__item" data-testid="own-rent-ad">
      <img className="own-rent-ads__thumb" src={ad.thumbnailUrls[0] ?? ad.imageUrls[0]} alt="" loading="lazy" />
      <div className="own-rent-ads__what">
        <Link className="own-rent-ads__title" to={`/main/view-rent/${encodeURIComponent(ad._id)}`}>
          {title}
        </Link>
        <span className="own-rent-ads__meta">
          <StatusBadge status={ad.status} />
          {unlisted ? <span>{m.rent_manage_unlisted()}</span> : null}
          <span>{m.rent_manage_posted({ date: formatPostedDate(ad.createdAt) })}</span>
        </span>
      </div>
      {ask ? <ConfirmAd ad={ad} ownerId={ownerId} now={now} onStatusChanged={onStatusChanged} /> : null}
      <div className="own-rent-ads__buttons">
        <ButtonLink variant="secondary" to={`/main/edit-rent/${encodeURIComponent(ad._id)}`}>
          {m.rent_manage_edit()}
        </ButtonLink>
      </div>
    </li>
  );
}

/** The question of a stale ad: still available (confirms it), or Booked. Through the outbox, so offline too. */
function ConfirmAd({
  ad,
  ownerId,
  now,
  onStatusChanged,
}: {
  ad: RentPost;
  ownerId: string;
  now: number;
  onStatusChanged: (status: RentStatus) => void;
}) {
  const thisAd = useMemo(() => sameRentAd(ad._id), [ad._id]);
  const change = useOutboxPost('rent-status', { ownerId, sameRecord: thisAd });
  const days = localDigits(String(Math.floor((now - rentConfirmedAt(ad)) / DAY_MS)), getLocale());

  const answer = async (status: RentStatus) => {
    const outcome = await change.submit({
      label: rentStatusLabel(ad, status),
      payload: { postId: ad._id, status },
      notSavedMessage: m.rent_manage_status_failed(),
    });
    if (outcome.type === 'sent') {
      onStatusChanged(status);
      showToast(outcome.result.message || m.rent_manage_status_changed(), 'success');
    } else {
      showToast(outcome.message, outcome.type === 'queued' ? 'info' : 'error');
    }
  };

  return (
    <div className="own-rent-ads__ask" role="group" aria-label={m.rent_manage_still_available()}>
      <p>
        <strong>{m.rent_manage_still_available()}</strong>{' '}
        {ad.unlistedAt
          ? m.rent_manage_unlisted_explain({ days })
          : m.rent_manage_confirm_explain({
              days,
              limit: localDigits(String(RENT_UNLISTED_AFTER_DAYS), getLocale()),
            })}
      </p>
      {change.notice ? (
        <p className={`notice notice--${change.notice.tone}`} role="status">
          {change.notice.message}
        </p>
      ) : null}
      <div className="own-rent-ads__buttons">
        <Button onClick={() => void answer('Active')}>{m.rent_manage_confirm_yes()}</Button>
        <Button variant="secondary" onClick={() => void answer('Booked')}>
          {m.rent_manage_mark_booked()}
        </Button>
      </div>
    </div>
  );
}
