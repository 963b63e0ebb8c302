import { memo } from 'react';
import { Link } from 'react-router-dom';
import { formatCalendarDate, formatTaka } from '@/i18n/format';
import type { RentListReturn } from '@/domain/list-url-state';
import { rentAdPlace, rentAdTitle, rentCategoryName, rentPerFrequency, type RentPost } from '@/domain/rent-post';
import { CARD_STAGGER_S } from '@/domain/service';
import { localDigits } from '@/i18n/digits';
import { genitive } from '@/i18n/case-endings';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { StaggerItem } from '@/ui/motion/stagger-item';
import { SaveHeart } from '@/ui/save-heart';
import { StatusBadge } from './status-badge';

const CARD_PHOTOS = 3;

/**
 * One listing: up to three photos (layouts for one, two and three, "+N" for more), address, status, price.
 * `firstOnScreen` cards (the top of the list) load their photos at once, the very first with high priority:
 * they are what the person looks at first (the page's largest paint), not photos to fetch when scrolled to.
 * The first cards of a list come in staggered (StaggerItem), at the find-service cards' pace: the rentals spec
 * names none.
 * Memoized: the list re-renders as its sync state changes, and a card whose post did not change need not.
 */
export const RentCard = memo(function RentCard({
  post,
  index,
  firstOnScreen = false,
  listSearch = '',
}: {
  post: RentPost;
  /** The card's place in the list. */
  index: number;
  firstOnScreen?: boolean;
  /** The list's query (search and filters), for the details page's way back. */
  listSearch?: string;
}) {
  const photos = cardPhotoUrls(post);
  const shown = photos.slice(0, CARD_PHOTOS);
  const more = photos.length - shown.length;
  const locale = getLocale();
  const category = rentCategoryName(post.category);
  const listReturn: RentListReturn = { listSearch };
  return (
    <StaggerItem index={index} stepS={CARD_STAGGER_S} className="rent-card card save-heart-host">
      <Link to={`/main/view-rent/${post._id}`} state={listReturn} className="rent-card__link">
        <div className={`rent-card__photos rent-card__photos--${shown.length}`}>
          {shown.map((url, index) => (
            <div key={url} className="rent-card__photo">
              <img
                src={url}
                alt={m.rent_card_photo({
                  label: category,
                  labelOf: genitive(category, locale),
                  number: localDigits(String(index + 1), locale),
                })}
                loading={firstOnScreen ? 'eager' : 'lazy'}
                fetchPriority={firstOnScreen && index === 0 ? 'high' : undefined}
                width={480}
                height={360}
              />
              {more > 0 && index === shown.length - 1 ? (
                <span
                  className="rent-card__more"
                  aria-label={m.rent_more_photos({ count: localDigits(String(more), locale) })}
                >
                  +{localDigits(String(more), locale)}
                </span>
              ) : null}
            </div>
          ))}
        </div>
        <div className="rent-card__body">
          <div className="rent-card__top">
            <span className="rent-card__category">{category}</span>
            <StatusBadge status={post.status} />
          </div>
          {/*
            The area and district in the page's language (an old ad without a place: its city as written), whole on
            its own lines; the street below, cut when long.
          */}
          <div className="rent-card__address" id={`rent-card-address-${post._id}`}>
            <h2 className="rent-card__place">{rentAdPlace(post, locale)}</h2>
            {post.addressLine ? <p className="rent-card__street">{post.addressLine}</p> : null}
          </div>
          <p className="rent-card__price">
            <strong>{formatTaka(post.cost)}</strong>
            <span>/{rentPerFrequency(post.rentPaymentFrequency)}</span>
          </p>
          <p className="rent-card__available">
            {m.rent_available_from({ date: formatCalendarDate(post.rentStartDate) })}
          </p>
        </div>
      </Link>
      <SaveHeart
        kind="rent"
        id={post._id}
        record={post}
        title={rentAdTitle(post, locale)}
        describedBy={`rent-card-address-${post._id}`}
        className="save-heart--overlay"
      />
    </StaggerItem>
  );
});

/** The photos a card shows: the small copies made for cards, or the photos themselves for posts without them. */
export function cardPhotoUrls(post: RentPost): string[] {
  return post.thumbnailUrls.length ? post.thumbnailUrls : post.imageUrls;
}
