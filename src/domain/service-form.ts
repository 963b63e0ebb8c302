import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { localDigits, toLatinDigits } from '@/i18n/digits';
import { ADDRESS_MAX_LENGTH } from './constants';
import { servicePlaceIdsField } from './places/place-schemas';
import { amountField, bdPhoneField, requiredChoice, requiredText } from './fields';
import {
  AVAILABLE_TIMES,
  CREATE_DESCRIPTION_MAX_LENGTH,
  DESCRIPTION_MIN_LENGTH,
  EDIT_DESCRIPTION_MAX_LENGTH,
  SERVICE_AREA_MAX_LENGTH,
  SERVICE_AREA_MIN_LENGTH,
  SERVICE_AREAS_MAX_COUNT,
  SERVICE_COVER_URL_PATTERN,
  SERVICE_PRICE_MAX_BDT,
  SERVICE_STATUSES,
  WEEKDAYS,
} from './service';
import { SERVICE_CATEGORIES } from './service-category';

/**
 * The offer-service and edit-service forms (accounts spec, section 5). Each schema is used twice: by
 * react-hook-form in the browser and by the server on `POST /profession/create-profile` and
 * `PATCH /profession/update-profile`, so both refuse the same input with the same words. Every message is a
 * function, read when its rule fails: in the language of the page, or of the request on the server.
 */

const priceMessage = () => m.services_price_positive();

/** A price, as typed ("১,২০০", "Tk 1,200": ./typed-number.ts) or sent as a number. */
const price = amountField(
  {
    required: priceMessage,
    positive: priceMessage,
    whole: () => m.services_price_whole(),
    tooHigh: () => m.services_price_too_high(),
  },
  SERVICE_PRICE_MAX_BDT,
);

const areaEmpty = () => m.services_area_empty();
const serviceArea = v.pipe(
  v.string(areaEmpty),
  v.trim(),
  v.nonEmpty(areaEmpty),
  v.minLength(SERVICE_AREA_MIN_LENGTH, () => m.services_area_too_short()),
  v.maxLength(SERVICE_AREA_MAX_LENGTH, () => m.services_area_too_long()),
);

const areasRequired = () => m.services_areas_required();
const serviceAreas = v.pipe(
  v.array(serviceArea, areasRequired),
  v.minLength(1, areasRequired),
  v.maxLength(SERVICE_AREAS_MAX_COUNT, () =>
    m.services_areas_too_many({ count: localDigits(String(SERVICE_AREAS_MAX_COUNT), getLocale()) }),
  ),
  v.check(
    (areas) => areas.some((area) => area !== ''),
    () => m.services_area_one_required(),
  ),
);

const descriptionRequired = () => m.services_description_required();
function description(maxLength: number) {
  return v.pipe(
    v.string(descriptionRequired),
    v.trim(),
    v.nonEmpty(descriptionRequired),
    v.minLength(DESCRIPTION_MIN_LENGTH, () => m.services_description_too_short()),
    v.maxLength(maxLength, () => m.services_description_too_long({ max: localDigits(String(maxLength), getLocale()) })),
  );
}

const daysRequired = () => m.services_days_required();
const availableDays = v.pipe(
  v.array(v.picklist(WEEKDAYS, daysRequired), daysRequired),
  v.minLength(1, daysRequired),
  v.transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
);

/** A cover uploaded through `POST /image/upload-services` (its large version's path). */
export const serviceCoverSchema = v.pipe(
  v.string(() => m.services_cover_not_link()),
  v.regex(SERVICE_COVER_URL_PATTERN, () => m.services_cover_not_uploaded()),
);

const contactRequired = () => m.services_contact_required();
const serviceTypeRequired = () => m.services_type_required();

const sharedEntries = {
  // Typed on a Bangla keyboard, a number comes in Bangla digits: stored in Latin ones, as a phone dials them.
  contactNumber: v.pipe(v.string(contactRequired), v.transform(toLatinDigits), bdPhoneField(contactRequired)),
  addressLine: requiredText(() => m.services_address_required(), ADDRESS_MAX_LENGTH),
  /**
   * The typed areas of the spec's form, which asks for places only now: the server names a service's areas after
   * its places (server/services/service-store.ts). Still accepted, and held to the spec's rules, from a caller
   * that sends them; kept only for a service that has no places.
   */
  serviceArea: v.optional(serviceAreas),
  minimumPrice: price,
  maximumPrice: price,
  availableDays,
  availableTime: v.picklist(AVAILABLE_TIMES, () => m.services_availability_required()),
  coverImage: v.optional(v.nullable(serviceCoverSchema)),
};

const priceEntries = [['minimumPrice'], ['maximumPrice']] as const;
const maximumIsAbove = (input: { minimumPrice: number; maximumPrice: number }) =>
  input.maximumPrice > input.minimumPrice;

/** The fields of a new offer but its places. */
const offerEntries = {
  category: requiredChoice(SERVICE_CATEGORIES, serviceTypeRequired),
  ...sharedEntries,
  description: description(CREATE_DESCRIPTION_MAX_LENGTH),
  provider: v.optional(v.string()),
  status: v.optional(v.literal('active', () => m.services_new_starts_active())),
  ratings: v.optional(
    v.pipe(
      v.array(v.unknown()),
      v.length(0, () => m.services_new_has_no_ratings()),
    ),
  ),
};

/**
 * Body of POST /profession/create-profile/{userId}, and the offer form's schema: a new service names 1 to 10 places
 * (the server also looks each up in the tree). `provider`, `status` and `ratings` are accepted as the spec sends them.
 */
export const newServiceSchema = v.pipe(
  v.strictObject({ ...offerEntries, servicePlaceIds: servicePlaceIdsField }),
  v.forward(
    v.partialCheck(priceEntries, maximumIsAbove, () => m.services_max_above_min()),
    ['maximumPrice'],
  ),
);

/**
 * An offer as the outbox holds it: one queued by an older version may have no places. It is still read and sent,
 * so that the server's refusal brings it back to the form with its reason, where a place is then required.
 */
export const queuedServiceOfferSchema = v.pipe(
  v.strictObject({ ...offerEntries, servicePlaceIds: v.optional(servicePlaceIdsField) }),
  v.forward(
    v.partialCheck(priceEntries, maximumIsAbove, () => m.services_max_above_min()),
    ['maximumPrice'],
  ),
);
export type NewServiceInput = v.InferInput<typeof newServiceSchema>;
export type NewServiceValues = v.InferOutput<typeof newServiceSchema>;

/** Body of PATCH /profession/update-profile/{serviceId}. The category is shown read-only and cannot change. */
export const editServiceSchema = v.pipe(
  v.strictObject({
    category: v.optional(v.picklist(SERVICE_CATEGORIES, serviceTypeRequired)),
    status: v.picklist(SERVICE_STATUSES, () => m.services_status_required()),
    ...sharedEntries,
    /**
     * The areas and upazilas served (src/domain/places): left as they were when not sent, so a service offered
     * before places may still be edited without them; when sent, 1 to 10 (never all taken away).
     */
    servicePlaceIds: v.optional(servicePlaceIdsField),
    description: description(EDIT_DESCRIPTION_MAX_LENGTH),
  }),
  v.forward(
    v.partialCheck(priceEntries, maximumIsAbove, () => m.services_max_above_min_edit()),
    ['maximumPrice'],
  ),
);
export type EditServiceInput = v.InferInput<typeof editServiceSchema>;
export type EditServiceValues = v.InferOutput<typeof editServiceSchema>;
