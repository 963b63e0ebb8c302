import { PLACE_REQUIRED_MESSAGE, SERVICE_PLACES_REQUIRED_MESSAGE } from '../../src/domain/places/place-rules';
import { bundledPlaceIndex, placeIdProblem, placeSummary, type PlaceSummary } from '../../src/domain/places/place-tree';
import { HttpError } from '../http/errors';

/**
 * The places a request names, checked against the bundled tree: the schemas (src/domain/places/place-schemas.ts)
 * check only their shape, so that the forms do not load the tree. A 400 names the field, as a schema's would.
 */

function refuse(field: string, message: string): never {
  throw new HttpError(400, message, { errors: { [field]: [message] } });
}

/** A rent ad's place: an area or upazila; required when `required` (PLACE_REQUIRED_FOR_NEW_ADS). */
export function checkRentPlaceId(placeId: string | undefined, required: boolean): string | null {
  if (placeId === undefined) {
    if (required) refuse('placeId', PLACE_REQUIRED_MESSAGE());
    return null;
  }
  const problem = placeIdProblem(bundledPlaceIndex(), placeId);
  if (problem) refuse('placeId', problem);
  return placeId;
}

/** A service's places (the schema already holds them to 1 to 10, each once); required when `required`. */
export function checkServicePlaceIds(ids: string[] | undefined, required: boolean): string[] | undefined {
  if (ids === undefined) {
    if (required) refuse('servicePlaceIds', SERVICE_PLACES_REQUIRED_MESSAGE());
    return undefined;
  }
  for (const [i, id] of ids.entries()) {
    const problem = placeIdProblem(bundledPlaceIndex(), id);
    if (problem) refuse(`servicePlaceIds.${i}`, problem);
  }
  return ids;
}

/** The `place` of an answer; null when none is stored (or an id the tree no longer has). */
export function placeOf(placeId: string | null): PlaceSummary | null {
  return (placeId && placeSummary(bundledPlaceIndex(), placeId)) || null;
}

/** The `servicePlaces` of an answer, in their order, leaving out an id the tree no longer has. */
export function placesOf(ids: readonly string[]): PlaceSummary[] {
  return ids.flatMap((id) => placeSummary(bundledPlaceIndex(), id) ?? []);
}
