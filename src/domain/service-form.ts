import * as v from 'valibot';
import { ADDRESS_MAX_LENGTH } from './constants';
import { servicePlaceIdsField } from './places/place-schemas';
import { phoneField, requiredChoice, requiredText } from './fields';
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
 * `PATCH /profession/update-profile`, so both refuse the same input with the same words.
 */

const PRICE_MESSAGE = 'Price must be greater than 0';

const price = v.pipe(
  v.number(PRICE_MESSAGE),
  v.finite(PRICE_MESSAGE),
  v.minValue(1, PRICE_MESSAGE),
  v.integer('Please enter a whole amount in taka'),
  v.maxValue(SERVICE_PRICE_MAX_BDT, 'This price is too high'),
);

const serviceArea = v.pipe(
  v.string('Service area cannot be empty'),
  v.trim(),
  v.nonEmpty('Service area cannot be empty'),
  v.minLength(SERVICE_AREA_MIN_LENGTH, 'Service area must be at least 3 characters'),
  v.maxLength(SERVICE_AREA_MAX_LENGTH, 'This service area is too long'),
);

const serviceAreas = v.pipe(
  v.array(serviceArea, 'Please add at least one service area.'),
  v.minLength(1, 'Please add at least one service area.'),
  v.maxLength(SERVICE_AREAS_MAX_COUNT, `Please list at most ${SERVICE_AREAS_MAX_COUNT} service areas.`),
  v.check((areas) => areas.some((area) => area !== ''), 'At least one service area is required.'),
);

function description(maxLength: number) {
  return v.pipe(
    v.string('Please describe your service'),
    v.trim(),
    v.nonEmpty('Please describe your service'),
    v.minLength(DESCRIPTION_MIN_LENGTH, 'Description should be at least 20 characters'),
    v.maxLength(maxLength, `Description cannot exceed ${maxLength} characters`),
  );
}

const availableDays = v.pipe(
  v.array(v.picklist(WEEKDAYS, 'Please select at least one day'), 'Please select at least one day'),
  v.minLength(1, 'Please select at least one day'),
  v.transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
);

/** A cover uploaded through `POST /image/upload-services` (its large version's path). */
export const serviceCoverSchema = v.pipe(
  v.string('Cover image must be a link'),
  v.regex(SERVICE_COVER_URL_PATTERN, 'Cover image must be a photo uploaded to Basha'),
);

const sharedEntries = {
  contactNumber: phoneField('Contact number is required'),
  addressLine: requiredText('Address line is required', ADDRESS_MAX_LENGTH),
  serviceArea: serviceAreas,
  minimumPrice: price,
  maximumPrice: price,
  availableDays,
  availableTime: v.picklist(AVAILABLE_TIMES, 'Please select your availability'),
  coverImage: v.optional(v.nullable(serviceCoverSchema)),
  /** The areas and upazilas served (src/domain/places); on an edit, left as they were when not sent. */
  servicePlaceIds: v.optional(servicePlaceIdsField),
};

const priceEntries = [['minimumPrice'], ['maximumPrice']] as const;
const maximumIsAbove = (input: { minimumPrice: number; maximumPrice: number }) =>
  input.maximumPrice > input.minimumPrice;

/** Body of POST /profession/create-profile/{userId}; `provider`, `status` and `ratings` are accepted as the spec sends them. */
export const newServiceSchema = v.pipe(
  v.strictObject({
    category: requiredChoice(SERVICE_CATEGORIES, 'Please select a service type'),
    ...sharedEntries,
    description: description(CREATE_DESCRIPTION_MAX_LENGTH),
    provider: v.optional(v.string()),
    status: v.optional(v.literal('active', 'A new service starts active')),
    ratings: v.optional(v.pipe(v.array(v.unknown()), v.length(0, 'A new service has no ratings yet'))),
  }),
  v.forward(v.partialCheck(priceEntries, maximumIsAbove, 'Maximum price must be greater than minimum price'), [
    'maximumPrice',
  ]),
);
export type NewServiceInput = v.InferInput<typeof newServiceSchema>;
export type NewServiceValues = v.InferOutput<typeof newServiceSchema>;

/** Body of PATCH /profession/update-profile/{serviceId}. The category is shown read-only and cannot change. */
export const editServiceSchema = v.pipe(
  v.strictObject({
    category: v.optional(v.picklist(SERVICE_CATEGORIES, 'Please select a service type')),
    status: v.picklist(SERVICE_STATUSES, 'Service status is required'),
    ...sharedEntries,
    description: description(EDIT_DESCRIPTION_MAX_LENGTH),
  }),
  v.forward(v.partialCheck(priceEntries, maximumIsAbove, 'Maximum price must be greater than minimum price.'), [
    'maximumPrice',
  ]),
);
export type EditServiceInput = v.InferInput<typeof editServiceSchema>;
export type EditServiceValues = v.InferOutput<typeof editServiceSchema>;
