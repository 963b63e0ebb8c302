import type { Area, District, PlaceTree } from './place-tree';

/**
 * "Use my location": the district and area nearest to a position, by their centres. The position is only
 * compared here, on the device; it is never sent or stored.
 */

export interface Position {
  lat: number;
  lng: number;
}

/** An area counts as where one is only within this distance of its centre. */
export const NEAREST_AREA_MAX_KM = 3;
/** Farther than this from every district's centre is not in Bangladesh (or not a real position). */
export const NEAREST_DISTRICT_MAX_KM = 120;

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance (haversine), in km. */
export function distanceKm(a: Position, b: Position): number {
  const dLat = radians(b.lat - a.lat);
  const dLng = radians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function nearestOf<T extends Position>(places: readonly T[], position: Position): { place: T; km: number } | undefined {
  let best: { place: T; km: number } | undefined;
  for (const place of places) {
    const km = distanceKm(position, place);
    if (!best || km < best.km) best = { place, km };
  }
  return best;
}

export interface NearestPlaces {
  district: District;
  /** The nearest area within NEAREST_AREA_MAX_KM, if any. */
  area?: Area;
}

/**
 * The nearest district and area, or undefined for a position that is not a number or is far from Bangladesh.
 * An area found decides the district (a district's centre may be nearer to a neighbourhood of the next one).
 */
export function nearestPlaces(tree: PlaceTree, position: Position): NearestPlaces | undefined {
  if (!Number.isFinite(position.lat) || !Number.isFinite(position.lng)) return undefined;
  if (Math.abs(position.lat) > 90 || Math.abs(position.lng) > 180) return undefined;
  const area = nearestOf(tree.areas, position);
  if (area && area.km <= NEAREST_AREA_MAX_KM) {
    const district = tree.districts.find((candidate) => candidate.id === area.place.districtId);
    if (district) return { district, area: area.place };
  }
  const district = nearestOf(tree.districts, position);
  if (!district || district.km > NEAREST_DISTRICT_MAX_KM) return undefined;
  return { district: district.place };
}
