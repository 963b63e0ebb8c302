import * as v from 'valibot';
import { ADDRESS_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH, URL_MAX_LENGTH } from './constants';
import { isRealCalendarDate, parseIsoDate, toIsoDate } from './date-of-birth';
import { phoneField, requiredChoice, requiredText, TOO_LONG_MESSAGE } from './fields';
import {
  ADDRESS_REQUIRED,
  CATEGORY_REQUIRED,
  CITY_REQUIRED,
  CONTACT_REQUIRED,
  COST_POSITIVE,
  COST_REQUIRED,
  DETAILS_MAX_LENGTH,
  DETAILS_MIN_LENGTH,
  DETAILS_REQUIRED,
  DETAILS_TOO_SHORT,
  FREQUENCY_REQUIRED,
  IMAGES_REQUIRED,
  IMAGES_TOO_MANY,
  IMAGE_NOT_UPLOADED,
  IMAGE_TOO_LARGE,
  INVALID_IMAGE_FILE,
  POSTAL_CODE_REQUIRED,
  RENT_CATEGORIES,
  RENT_COST_MAX_BDT,
  RENT_IMAGES_MAX,
  RENT_IMAGES_MIN,
  RENT_IMAGE_MAX_BYTES,
  RENT_IMAGE_TYPES,
  RENT_PAYMENT_FREQUENCIES,
  START_DATE_IN_PAST,
  START_DATE_REQUIRED,
} from './rent-post';
import { placeIdField } from './places/place-schemas';
import { uploadedPhotoUrlPattern } from './uploaded-photo';

/**
 * The add form's fields and rules (shell spec, section 5.2): the one schema the form (react-hook-form) and
 * `POST /rent/create` both validate with.
 */

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
  category: requiredChoice(RENT_CATEGORIES, CATEGORY_REQUIRED),
  cost: costField,
  rentPaymentFrequency: requiredChoice(RENT_PAYMENT_FREQUENCIES, FREQUENCY_REQUIRED),
  rentStartDate: startDateField,
  contactInfo: phoneField(CONTACT_REQUIRED),
  addressLine: requiredText(ADDRESS_REQUIRED, ADDRESS_MAX_LENGTH),
  city: requiredText(CITY_REQUIRED, SHORT_TEXT_MAX_LENGTH),
  postalCode: requiredText(POSTAL_CODE_REQUIRED, SHORT_TEXT_MAX_LENGTH),
  details: detailsField,
});
export type RentPostFormInput = v.InferInput<typeof rentPostFieldsSchema>;
export type RentPostFormValues = v.InferOutput<typeof rentPostFieldsSchema>;

export const EMPTY_RENT_POST_FORM: RentPostFormInput = {
  category: '',
  cost: '',
  rentPaymentFrequency: '',
  rentStartDate: '',
  contactInfo: '',
  addressLine: '',
  city: '',
  postalCode: '',
  details: '',
};

/** A large photo stored by `POST /image/upload-properties`: `/uploads/rent/<uuid>.webp`. */
export const RENT_PHOTO_URL_PATTERN = uploadedPhotoUrlPattern('rent');

const imageUrlsField = v.pipe(
  v.array(v.pipe(v.string(IMAGE_NOT_UPLOADED), v.maxLength(URL_MAX_LENGTH)), IMAGES_REQUIRED),
  v.minLength(RENT_IMAGES_MIN, IMAGES_REQUIRED),
  v.maxLength(RENT_IMAGES_MAX, IMAGES_TOO_MANY),
  v.check((urls) => urls.every((url) => RENT_PHOTO_URL_PATTERN.test(url)), IMAGE_NOT_UPLOADED),
  v.check((urls) => new Set(urls).size === urls.length, 'Each image can be used only once'),
);

/**
 * Body of `POST /rent/create`: the form's fields plus the URLs the photo upload answered, and the ad's area or
 * upazila (`placeId`, src/domain/places; the server checks it names one and, once the forms send it, that it is
 * there: PLACE_REQUIRED_FOR_NEW_ADS).
 */
export const newRentPostSchema = v.strictObject({
  ...rentPostFieldsSchema.entries,
  imageUrls: imageUrlsField,
  placeId: v.optional(placeIdField),
});
export type NewRentPost = v.InferOutput<typeof newRentPostSchema>;

/** The message for a chosen photo the form must refuse, or undefined when it may be used. */
export function rentImageProblem(file: { type: string; size: number }): string | undefined {
  if (!(RENT_IMAGE_TYPES as readonly string[]).includes(file.type)) return INVALID_IMAGE_FILE;
  if (file.size > RENT_IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  return undefined;
}

/** A rent post as `GET /rent/rent-posts` answers it (the owner as an id). */
