import { m } from '@/i18n/generated/messages.js';
import type { Locale } from '@/i18n/locale';
import { localDigits } from '@/i18n/digits';
import { placeLine, placeName } from './places/place-display';
import type { PlaceSummary } from './places/place-tree';

/**
 * A rent post (shell spec, sections 3 and 5.2): its categories, payment frequencies and statuses, and the limits
 * and messages of the add form. The form's schema is in rent-post-form.ts, apart, so that the pages that only
 * show posts do not load the validation library.
 */

export const RENT_CATEGORIES = ['bachelor-room', 'family-room', 'flat', 'store', 'office', 'shopping-mall'] as const;
export type RentCategory = (typeof RENT_CATEGORIES)[number];

/**
 * The English name of each category: the server stores it as an ad's `propertyType` (data, in one language
 * whatever the poster's; the search finds it). What a screen shows is rentCategoryName, in the page's language.
 */
export const RENT_CATEGORY_LABELS: Record<RentCategory, string> = {
  'bachelor-room': 'Bachelor Room',
  'family-room': 'Family Room',
  flat: 'Flat',
  store: 'Store',
  office: 'Office',
  'shopping-mall': 'Shopping Mall',
};

export const RENT_PAYMENT_FREQUENCIES = ['daily', 'monthly', 'quarterly', 'annually'] as const;
export type RentPaymentFrequency = (typeof RENT_PAYMENT_FREQUENCIES)[number];

const RENT_CATEGORY_NAMES: Record<RentCategory, (options: { locale?: Locale }) => string> = {
  'bachelor-room': (options) => m.rent_category_bachelor_room({}, options),
  'family-room': (options) => m.rent_category_family_room({}, options),
  flat: (options) => m.rent_category_flat({}, options),
  store: (options) => m.rent_category_store({}, options),
  office: (options) => m.rent_category_office({}, options),
  'shopping-mall': (options) => m.rent_category_shopping_mall({}, options),
};

const RENT_FREQUENCY_NAMES: Record<RentPaymentFrequency, () => string> = {
  daily: () => m.rent_frequency_daily(),
  monthly: () => m.rent_frequency_monthly(),
  quarterly: () => m.rent_frequency_quarterly(),
  annually: () => m.rent_frequency_annually(),
};

/** After a price: "/monthly" in English, "/মাস" in Bangla. */
const RENT_PER_FREQUENCY: Record<RentPaymentFrequency, (options: { locale?: Locale }) => string> = {
  daily: (options) => m.rent_per_daily({}, options),
  monthly: (options) => m.rent_per_monthly({}, options),
  quarterly: (options) => m.rent_per_quarterly({}, options),
  annually: (options) => m.rent_per_annually({}, options),
};

const RENT_STATUS_NAMES: Record<RentStatus, () => string> = {
  Active: () => m.rent_status_active(),
  Booked: () => m.rent_status_booked(),
};

export const RENT_STATUSES = ['Active', 'Booked'] as const;
export type RentStatus = (typeof RENT_STATUSES)[number];
export const DEFAULT_RENT_STATUS: RentStatus = 'Active';

export function isRentStatus(value: unknown): value is RentStatus {
  return value === 'Active' || value === 'Booked';
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** An ad its poster has not confirmed (posted, edited, marked, confirmed) for this long asks them to. */
export const RENT_CONFIRM_AFTER_DAYS = 60;
/** ... and after this long leaves the lists (the server's cleanup job unlists it; decision 0013). */
export const RENT_UNLISTED_AFTER_DAYS = 90;
export const RENT_CONFIRM_AFTER_MS = RENT_CONFIRM_AFTER_DAYS * DAY_MS;
export const RENT_UNLISTED_AFTER_MS = RENT_UNLISTED_AFTER_DAYS * DAY_MS;

/** When the poster last confirmed the ad; rows mirrored before confirmation existed read their `updatedAt`. */
export function rentConfirmedAt(post: Pick<RentPost, 'confirmedAt' | 'updatedAt'>): number {
  return Date.parse(post.confirmedAt ?? post.updatedAt);
}

/** True when the ad should ask its poster whether it is still available (a live Active ad, 60 days unconfirmed). */
export function needsConfirmation(post: Pick<RentPost, 'confirmedAt' | 'updatedAt' | 'status'>, now: number): boolean {
  return post.status === 'Active' && now - rentConfirmedAt(post) >= RENT_CONFIRM_AFTER_MS;
}

// Limits of the add form (shell spec 5.2 and 9).
export const DETAILS_MIN_LENGTH = 30;
export const DETAILS_MAX_LENGTH = 5000;
/** Whole taka; far above any real rent, low enough to fit the database's integer. */
export const RENT_COST_MAX_BDT = 1_000_000_000;
export const RENT_IMAGE_FIELDS_INITIAL = 3;
export const RENT_IMAGES_MIN = 1;
export const RENT_IMAGES_MAX = 5;
export const RENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const RENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
// In-browser compression before upload: the server stores at most 1600 px anyway.
export const RENT_IMAGE_UPLOAD_MAX_PX = 1600;
export const RENT_IMAGE_UPLOAD_MAX_MB = 1;
export const RENT_IMAGE_UPLOAD_QUALITY = 0.8;

// Timings (shell spec 9).
export const REDIRECT_AFTER_RENT_DELETE_MS = 2000;
/** How long a publishing failure stays on screen. */
export const ADD_RENT_ERROR_TOAST_MS = 1000;
/** How long the success message shows before the list opens. */
export const REDIRECT_AFTER_RENT_POST_MS = 1000;

// Messages of the spec (5.2 and 8) that code outside the form's schema quotes: the upload routes and the photo
// rule (src/domain/image-file.ts). The schema's own messages are read from the catalog when a rule fails.
export const IMAGE_NOT_UPLOADED = 'Images must be photos uploaded to Basha';
export const INVALID_IMAGE_FILE = 'Please select a valid image file';
export const IMAGE_TOO_LARGE = 'Each image must be less than 5MB';

export interface RentPost {
  _id: string;
  user: string;
  category: RentCategory;
  cost: number;
  rentPaymentFrequency: RentPaymentFrequency;
  /** yyyy-MM-dd */
  rentStartDate: string;
  contactInfo: string;
  addressLine: string;
  city: string;
  postalCode: string;
  /**
   * The ad's area or upazila (src/domain/places) and its names with its district's and division's; null for an
   * old ad whose city matched no place (it shows its text). Absent in rows mirrored before places existed.
   */
  placeId?: string | null;
  place?: PlaceSummary | null;
  details: string;
  /** The same text as `details` (the spec reads it under both names). */
  description: string;
  propertyType: string;
  /** Large photos, for the detail page. */
  imageUrls: string[];
  /** Card-sized photos, in the same order. */
  thumbnailUrls: string[];
  status: RentStatus;
  /** ISO date-times. */
  createdAt: string;
  updatedAt: string;
  /**
   * When the poster last said the ad is current (posted, edited, marked, confirmed). Absent in rows mirrored
   * before it existed: read it through rentConfirmedAt.
   */
  confirmedAt?: string;
  /** Present (answered to the poster only, `GET /rent/my-posts`) when the ad left the lists unconfirmed. */
  unlistedAt?: string | null;
}

/** A rent post as `GET /rent/view-details/{id}` answers it: the poster with a name. */
export interface RentPostDetails extends Omit<RentPost, 'user'> {
  /** `name` is empty when the post was read offline from the list's mirror, which does not carry it. */
  user: { _id: string; name: string };
}

/** The English name stored as a post's `propertyType` (see RENT_CATEGORY_LABELS). */
export function rentCategoryLabel(category: string): string {
  return (RENT_CATEGORY_LABELS as Record<string, string>)[category] ?? category;
}

function isRentCategory(value: string): value is RentCategory {
  return (RENT_CATEGORIES as readonly string[]).includes(value);
}

function isRentPaymentFrequency(value: string): value is RentPaymentFrequency {
  return (RENT_PAYMENT_FREQUENCIES as readonly string[]).includes(value);
}

/** The category as a screen shows it, in the page's language (or `locale`); an unknown one as it is. */
export function rentCategoryName(category: string, locale?: Locale): string {
  return isRentCategory(category) ? RENT_CATEGORY_NAMES[category](locale ? { locale } : {}) : category;
}

export function rentFrequencyLabel(frequency: string): string {
  return isRentPaymentFrequency(frequency) ? RENT_FREQUENCY_NAMES[frequency]() : frequency;
}

/** What follows a price: "monthly" (BDT 12,000/monthly), "মাস" in Bangla (৳১২,০০০/মাস). */
export function rentPerFrequency(frequency: string, locale?: Locale): string {
  return isRentPaymentFrequency(frequency) ? RENT_PER_FREQUENCY[frequency](locale ? { locale } : {}) : frequency;
}

/** What an ad's title reads of where it is (a stored copy's fields too, checked by their schema). */
type RentAdWhere = { city: string; place?: PlaceSummary | null };

/**
 * Where an ad is, as its title names it: the area (or upazila) and district from the place tree in the page's
 * language ("Mirpur, Dhaka", "মিরপুর, ঢাকা"); an old ad that no place matched names its city as typed.
 */
export function rentAdPlace(post: RentAdWhere, locale: Locale): string {
  return post.place ? placeLine(post.place, locale) : post.city.trim();
}

/**
 * An ad's city as its details list it: the district from the place tree in the page's language ("Dhaka", "ঢাকা");
 * an old ad without a place keeps its city as typed.
 */
export function rentAdCity(post: RentAdWhere, locale: Locale): string {
  return post.place ? placeName(post.place.district, locale) : post.city;
}

/** An ad's postal code in the page's digits ("১২১৬" on a Bangla screen), as typed otherwise. */
export function rentPostalCode(postalCode: string, locale: Locale): string {
  return localDigits(postalCode, locale);
}

/**
 * An ad's title on cards, Saved, the details page and shares: its type, area and district ("Flat, Mirpur, Dhaka",
 * "ফ্ল্যাট, মিরপুর, ঢাকা"); the type alone for an old ad without a place or a city.
 */
export function rentAdTitle(post: RentAdWhere & { category: string }, locale: Locale): string {
  const category = rentCategoryName(post.category, locale);
  const place = rentAdPlace(post, locale);
  return place ? m.rent_ad_title({ category, place }, { locale }) : category;
}

/** The status as the badge reads it; the badge's style still comes from the status itself (statusStyle). */
export function rentStatusLabel(status: string): string {
  return status === 'Active' || status === 'Booked' ? RENT_STATUS_NAMES[status]() : status;
}

/** The status as a CSS modifier: the status lower-cased (shell spec 2.6). */
export function statusStyle(status: string): string {
  return status.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
