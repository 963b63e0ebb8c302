import * as v from 'valibot';
import {
  PLACE_ID_MAX_LENGTH,
  PLACE_REQUIRED_MESSAGE,
  SERVICE_PLACES_MAX,
  SERVICE_PLACES_MIN,
  SERVICE_PLACE_TWICE_MESSAGE,
  SERVICE_PLACES_REQUIRED_MESSAGE,
  SERVICE_PLACES_TOO_MANY_MESSAGE,
  UNKNOWN_PLACE_MESSAGE,
} from './place-rules';

/**
 * valibot schemas of the place tree as `GET /api/v1/places` answers it (to check a stored or fetched copy) and of
 * the place fields of ads and services.
 */

const names = { id: v.pipe(v.string(), v.maxLength(PLACE_ID_MAX_LENGTH)), name: v.string(), bnName: v.string() };
const centre = { lat: v.pipe(v.number(), v.finite()), lng: v.pipe(v.number(), v.finite()) };

export const divisionSchema = v.object({ ...names, kind: v.literal('division') });
export const districtSchema = v.object({ ...names, kind: v.literal('district'), divisionId: v.string(), ...centre });
export const upazilaSchema = v.object({ ...names, kind: v.literal('upazila'), districtId: v.string() });
export const areaSchema = v.object({
  ...names,
  kind: v.literal('area'),
  districtId: v.string(),
  ...centre,
  aka: v.array(v.string()),
});

export const placeTreeSchema = v.object({
  divisions: v.array(divisionSchema),
  districts: v.array(districtSchema),
  upazilas: v.array(upazilaSchema),
  areas: v.array(areaSchema),
});

const placeNamesSchema = v.object(names);
/** The `place` an ad's answer carries (src/domain/places/place-tree.ts PlaceSummary). */
export const placeSummarySchema = v.object({
  ...names,
  kind: v.picklist(['area', 'upazila']),
  district: placeNamesSchema,
  division: placeNamesSchema,
});

/**
 * A place id as a request names it: only its shape here, so that the forms' schemas do not load the tree; the
 * server looks it up (server/places/place-input.ts).
 */
export const placeIdField = v.pipe(
  v.string(PLACE_REQUIRED_MESSAGE),
  v.trim(),
  v.nonEmpty(PLACE_REQUIRED_MESSAGE),
  v.maxLength(PLACE_ID_MAX_LENGTH, UNKNOWN_PLACE_MESSAGE),
);

export const servicePlaceIdsField = v.pipe(
  v.array(placeIdField, SERVICE_PLACES_REQUIRED_MESSAGE),
  v.minLength(SERVICE_PLACES_MIN, SERVICE_PLACES_REQUIRED_MESSAGE),
  v.maxLength(SERVICE_PLACES_MAX, SERVICE_PLACES_TOO_MANY_MESSAGE),
  v.check((ids) => new Set(ids).size === ids.length, SERVICE_PLACE_TWICE_MESSAGE),
);
