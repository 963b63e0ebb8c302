import * as v from 'valibot';
import { ADDRESS_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH, UPLOADS_BASE_PATH, URL_MAX_LENGTH } from './constants';
import { isRealCalendarDate, parseIsoDate, toIsoDate } from './date-of-birth';
import { phoneField, requiredText, TOO_LONG_MESSAGE } from './fields';

/**
 * A rent post (shell spec, sections 3 and 5.2): its categories, payment frequencies and statuses, the limits of
 * the add form, and the one schema the form (react-hook-form) and `POST /rent/create` both validate with.
 */

export const RENT_CATEGORIES = ['bachelor-room', 'family-room', 'flat', 'store', 'office', 'shopping-mall'] as const;
export type RentCategory = (typeof RENT_CATEGORIES)[number];

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

export const RENT_PAYMENT_FREQUENCY_LABELS: Record<RentPaymentFrequency, string> = {
  daily: 'Daily',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  annually: 'Annually',
};

export const RENT_STATUSES = ['Active', 'Booked'] as const;
export type RentStatus = (typeof RENT_STATUSES)[number];
export const DEFAULT_RENT_STATUS: RentStatus = 'Active';

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

// Messages of the spec (5.2 and 8).
export const CATEGORY_REQUIRED = 'Please select a property category';
export const COST_REQUIRED = 'Rent amount is required';
export const COST_POSITIVE = 'Rent must be greater than 0';
export const FREQUENCY_REQUIRED = 'Please select payment frequency';
export const START_DATE_REQUIRED = 'Start date is required';
export const START_DATE_IN_PAST = 'Start date cannot be in the past';
export const CONTACT_REQUIRED = 'Contact number is required';
export const ADDRESS_REQUIRED = 'Address is required';
export const CITY_REQUIRED = 'City is required';
export const POSTAL_CODE_REQUIRED = 'Postal code is required';
export const DETAILS_REQUIRED = 'Please describe your property';
export const DETAILS_TOO_SHORT = 'Description should be at least 30 characters';
export const IMAGES_REQUIRED = 'Please add at least one image!';
export const IMAGES_TOO_MANY = `You can add up to ${RENT_IMAGES_MAX} images`;
export const IMAGE_NOT_UPLOADED = 'Images must be photos uploaded to Basha';
export const INVALID_IMAGE_FILE = 'Please select a valid image file';
export const IMAGE_TOO_LARGE = 'Each image must be less than 5MB';

/**
 * Today's date as yyyy-MM-dd in the earliest time zone still on it (UTC-12): a start date that is today for
 * someone anywhere is not "in the past", so a phone's own today is never refused by the server.
 */
export function earliestTodayIso(now: Date = new Date()): string {
  const behind = new Date(now.getTime() - 12 * 60 * 60 * 1000);
  return toIsoDate(behind.getUTCFullYear(), behind.getUTCMonth() + 1, behind.getUTCDate());
}

/** The local today of the device, for the date picker's minimum. */
export function localTodayIso(now: Date = new Date()): string {
  return toIsoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

export function isRealIsoDate(value: string): boolean {
  const parts = parseIsoDate(value);
  return !!parts && isRealCalendarDate(parts.year, parts.month, parts.day);
}

const costField = v.pipe(
  v.union([v.number(COST_REQUIRED), v.string(COST_REQUIRED)], COST_REQUIRED),
  v.check((value) => typeof value === 'number' || value.trim() !== '', COST_REQUIRED),
  v.transform((value) => Number(value)),
  v.check((value) => Number.isFinite(value) && value > 0, COST_POSITIVE),
  v.check((value) => Number.isInteger(value), 'Rent must be a whole number of taka'),
  v.maxValue(RENT_COST_MAX_BDT, 'Rent is too high'),
);

const startDateField = v.pipe(
  v.string(START_DATE_REQUIRED),
  v.trim(),
  v.nonEmpty(START_DATE_REQUIRED),
  v.check(isRealIsoDate, 'Please enter a valid date (yyyy-MM-dd)'),
  v.check((value) => value >= earliestTodayIso(), START_DATE_IN_PAST),
);

const detailsField = v.pipe(
  v.string(DETAILS_REQUIRED),
  v.trim(),
  v.nonEmpty(DETAILS_REQUIRED),
  v.minLength(DETAILS_MIN_LENGTH, DETAILS_TOO_SHORT),
  v.maxLength(DETAILS_MAX_LENGTH, TOO_LONG_MESSAGE),
);

/** Every field of the add form except the photos, which the form holds as files. */
export const rentPostFieldsSchema = v.object({
  category: v.picklist(RENT_CATEGORIES, CATEGORY_REQUIRED),
  cost: costField,
  rentPaymentFrequency: v.picklist(RENT_PAYMENT_FREQUENCIES, FREQUENCY_REQUIRED),
  rentStartDate: startDateField,
  contactInfo: phoneField(CONTACT_REQUIRED),
  addressLine: requiredText(ADDRESS_REQUIRED, ADDRESS_MAX_LENGTH),
  city: requiredText(CITY_REQUIRED, SHORT_TEXT_MAX_LENGTH),
  postalCode: requiredText(POSTAL_CODE_REQUIRED, SHORT_TEXT_MAX_LENGTH),
  details: detailsField,
});
export type RentPostFormInput = v.InferInput<typeof rentPostFieldsSchema>;
export type RentPostFormValues = v.InferOutput<typeof rentPostFieldsSchema>;

export const EMPTY_RENT_POST_FORM = {
  category: '',
  cost: '',
  rentPaymentFrequency: '',
  rentStartDate: '',
  contactInfo: '',
  addressLine: '',
  city: '',
  postalCode: '',
  details: '',
} as unknown as RentPostFormInput;

/** A large photo stored by `POST /image/upload-properties`: `/uploads/rent/<uuid>.webp`. */
export const RENT_PHOTO_URL_PATTERN = new RegExp(`^${UPLOADS_BASE_PATH}/rent/[0-9a-f-]{36}\\.webp$`);

const imageUrlsField = v.pipe(
  v.array(v.pipe(v.string(IMAGE_NOT_UPLOADED), v.maxLength(URL_MAX_LENGTH)), IMAGES_REQUIRED),
  v.minLength(RENT_IMAGES_MIN, IMAGES_REQUIRED),
  v.maxLength(RENT_IMAGES_MAX, IMAGES_TOO_MANY),
  v.check((urls) => urls.every((url) => RENT_PHOTO_URL_PATTERN.test(url)), IMAGE_NOT_UPLOADED),
  v.check((urls) => new Set(urls).size === urls.length, 'Each image can be used only once'),
);

/** Body of `POST /rent/create`: the form's fields plus the URLs the photo upload answered. */
export const newRentPostSchema = v.strictObject({ ...rentPostFieldsSchema.entries, imageUrls: imageUrlsField });
export type NewRentPost = v.InferOutput<typeof newRentPostSchema>;

/** The message for a chosen photo the form must refuse, or undefined when it may be used. */
export function rentImageProblem(file: { type: string; size: number }): string | undefined {
  if (!(RENT_IMAGE_TYPES as readonly string[]).includes(file.type)) return INVALID_IMAGE_FILE;
  if (file.size > RENT_IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  return undefined;
}

/** A rent post as `GET /rent/rent-posts` answers it (the owner as an id). */
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
}

/** A rent post as `GET /rent/view-details/{id}` answers it: the poster with a name. */
export interface RentPostDetails extends Omit<RentPost, 'user'> {
  user: { _id: string; name: string };
}

export function rentCategoryLabel(category: string): string {
  return (RENT_CATEGORY_LABELS as Record<string, string>)[category] ?? category;
}

export function rentFrequencyLabel(frequency: string): string {
  return (RENT_PAYMENT_FREQUENCY_LABELS as Record<string, string>)[frequency] ?? frequency;
}

/** The status as a CSS modifier: the status lower-cased (shell spec 2.6). */
export function statusStyle(status: string): string {
  return status.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
