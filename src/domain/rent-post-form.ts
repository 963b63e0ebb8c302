import * as v from 'valibot';
import { localDigits, toLatinDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { ADDRESS_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH, URL_MAX_LENGTH } from './constants';
import { isRealCalendarDate, parseIsoDate, toIsoDate } from './date-of-birth';
import { amountField, bdPhoneField, postalCodeField, requiredChoice, requiredText, TOO_LONG_MESSAGE } from './fields';
import {
  DETAILS_MAX_LENGTH,
  DETAILS_MIN_LENGTH,
  RENT_CATEGORIES,
  RENT_COST_MAX_BDT,
  RENT_IMAGES_MAX,
  RENT_IMAGES_MIN,
  RENT_IMAGE_MAX_BYTES,
  RENT_IMAGE_TYPES,
  RENT_PAYMENT_FREQUENCIES,
  RENT_STATUSES,
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

/** A number in the digits of the page's language (or the request's, on the server). */
function localNumber(value: number): string {
  return localDigits(String(value), getLocale());
}

export function isRealIsoDate(value: string): boolean {
  const parts = parseIsoDate(value);
  return !!parts && isRealCalendarDate(parts.year, parts.month, parts.day);
}

// Every message is a function: it is read when a rule fails, in the language of that page or request.
const costRequired = () => m.rent_cost_required();

/** The rent, as typed ("১৮,০০০", "BDT 18,000": ./typed-number.ts) or sent as a number. */
const costField = amountField(
  {
    required: costRequired,
    positive: () => m.rent_cost_positive(),
    whole: () => m.rent_cost_whole(),
    tooHigh: () => m.rent_cost_too_high(),
  },
  RENT_COST_MAX_BDT,
);

/**
 * Today or later; an edit may also keep the date its ad already has (`kept`), so that an ad whose start has passed
 * can still have its price changed.
 */
function startDateFieldKeeping(kept?: string) {
  return v.pipe(
    v.string(() => m.rent_start_date_required()),
    v.trim(),
    v.nonEmpty(() => m.rent_start_date_required()),
    v.check(isRealIsoDate, () => m.rent_start_date_invalid()),
    v.check(
      (value) => value >= earliestTodayIso() || value === kept,
      () => m.rent_start_date_in_past(),
    ),
  );
}
const startDateField = startDateFieldKeeping();

const detailsField = v.pipe(
  v.string(() => m.rent_details_required()),
  v.trim(),
  v.nonEmpty(() => m.rent_details_required()),
  v.minLength(DETAILS_MIN_LENGTH, () => m.rent_details_too_short({ min: localNumber(DETAILS_MIN_LENGTH) })),
  v.maxLength(DETAILS_MAX_LENGTH, TOO_LONG_MESSAGE),
);

/** A text field whose digits may be typed in Bangla: they are stored as Latin digits. */
function withLatinDigits<const Schema extends v.GenericSchema<string, string>>(
  requiredMessage: () => string,
  schema: Schema,
) {
  return v.pipe(v.string(requiredMessage), v.transform(toLatinDigits), schema);
}

/** Every field of the add form except the photos, which the form holds as files. */
export const rentPostFieldsSchema = v.object({
  category: requiredChoice(RENT_CATEGORIES, () => m.rent_category_required()),
  cost: costField,
  rentPaymentFrequency: requiredChoice(RENT_PAYMENT_FREQUENCIES, () => m.rent_frequency_required()),
  rentStartDate: startDateField,
  contactInfo: withLatinDigits(
    () => m.rent_contact_required(),
    bdPhoneField(() => m.rent_contact_required()),
  ),
  addressLine: requiredText(() => m.rent_address_required(), ADDRESS_MAX_LENGTH),
  city: requiredText(() => m.rent_city_required(), SHORT_TEXT_MAX_LENGTH),
  postalCode: postalCodeField(() => m.rent_postal_code_required()),
  details: detailsField,
  /**
   * The ad's area or upazila. Optional here, where an ad held in the outbox is read back (one saved before the
   * form asked for it still sends, and the server answers); the form itself requires it (rentPostFormSchema).
   */
  placeId: v.optional(placeIdField),
});

const placeRequired = () => m.ui_places_required();
/** The add form's own schema: the fields, with the place required (the server requires it too). */
export const rentPostFormSchema = v.object({
  ...rentPostFieldsSchema.entries,
  placeId: v.pipe(v.string(placeRequired), v.trim(), v.nonEmpty(placeRequired), placeIdField),
});
export type RentPostFormInput = v.InferInput<typeof rentPostFormSchema>;
export type RentPostFormValues = v.InferOutput<typeof rentPostFormSchema>;

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
  placeId: '',
};

/** A large photo stored by `POST /image/upload-properties`: `/uploads/rent/<uuid>.webp`. */
export const RENT_PHOTO_URL_PATTERN = uploadedPhotoUrlPattern('rent');

const imagesRequired = () => m.rent_images_required();
const imageNotUploaded = () => m.rent_image_not_uploaded();

const imageUrlsField = v.pipe(
  v.array(v.pipe(v.string(imageNotUploaded), v.maxLength(URL_MAX_LENGTH)), imagesRequired),
  v.minLength(RENT_IMAGES_MIN, imagesRequired),
  v.maxLength(RENT_IMAGES_MAX, () => m.rent_images_too_many({ max: localNumber(RENT_IMAGES_MAX) })),
  v.check((urls) => urls.every((url) => RENT_PHOTO_URL_PATTERN.test(url)), imageNotUploaded),
  v.check(
    (urls) => new Set(urls).size === urls.length,
    () => m.rent_image_used_twice(),
  ),
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

/** The edit form's fields: the add form's, except that the ad's own start date may stay even when it has passed. */
export function rentEditFieldsSchema(keptStartDate: string) {
  return v.object({ ...rentPostFieldsSchema.entries, rentStartDate: startDateFieldKeeping(keptStartDate) });
}

/** The edit form's own schema: the add form's (the place required), with the ad's own start date allowed to stay. */
export function rentEditFormSchema(keptStartDate: string) {
  return v.object({ ...rentPostFormSchema.entries, rentStartDate: startDateFieldKeeping(keptStartDate) });
}

/**
 * Body of `PATCH /rent/update/{id}`: everything `POST /rent/create` takes, by the same rules (the photos are the
 * whole new list: kept ones and new uploads, one to five), with the ad's stored start date allowed to stay.
 */
export function editRentPostSchema(keptStartDate: string) {
  return v.strictObject({
    ...newRentPostSchema.entries,
    rentStartDate: startDateFieldKeeping(keptStartDate),
  });
}
export type EditRentPost = v.InferOutput<ReturnType<typeof editRentPostSchema>>;

/** Body of `PATCH /rent/status/{id}`. */
export const rentStatusSchema = v.strictObject({
  status: v.picklist(RENT_STATUSES, () => m.rent_manage_status_invalid()),
});

/** The message for a chosen photo the form must refuse, or undefined when it may be used. */
export function rentImageProblem(file: { type: string; size: number }): string | undefined {
  if (!(RENT_IMAGE_TYPES as readonly string[]).includes(file.type)) return m.rent_invalid_image_file();
  if (file.size > RENT_IMAGE_MAX_BYTES) return m.rent_image_too_large();
  return undefined;
}

/** A rent post as `GET /rent/rent-posts` answers it (the owner as an id). */
