import { NOT_POSTABLE_PLACE_MESSAGE, UNKNOWN_PLACE_MESSAGE } from './place-rules';
import { AREA_ROWS, DISTRICT_ROWS, DIVISION_ROWS, UPAZILA_ROWS } from './rows/places-data';

/**
 * Bangladesh's place tree: divisions > districts > upazilas, and the city areas (neighbourhoods) of a district.
 * Ads sit on an area or an upazila (a "postable" place); lists filter by any level. Every id names its level
 * (`dv-6`, `ds-47`, `up-365`, `ar-dhanmondi`), so one id is enough to find a place.
 */

export type PlaceKind = 'division' | 'district' | 'upazila' | 'area';

interface PlaceBase {
  id: string;
  /** English name. */
  name: string;
  /** Bangla name. */
  bnName: string;
}
export interface Division extends PlaceBase {
  kind: 'division';
}
export interface District extends PlaceBase {
  kind: 'district';
  divisionId: string;
  /** The district's centre. */
  lat: number;
  lng: number;
}
export interface Upazila extends PlaceBase {
  kind: 'upazila';
  districtId: string;
}
export interface Area extends PlaceBase {
  kind: 'area';
  districtId: string;
  /** The area's approximate centre. */
  lat: number;
  lng: number;
  /** Other English spellings people write. */
  aka: string[];
}
export type Place = Division | District | Upazila | Area;
/** What an ad or a service may sit on. */
export type PostablePlace = Upazila | Area;

/** The whole tree, as `GET /api/v1/places` answers it. */
export interface PlaceTree {
  divisions: Division[];
  districts: District[];
  upazilas: Upazila[];
  areas: Area[];
}

export const divisionPlaceId = (id: number) => `dv-${id}`;
export const districtPlaceId = (id: number) => `ds-${id}`;
export const upazilaPlaceId = (id: number) => `up-${id}`;
export const areaPlaceId = (slug: string) => `ar-${slug}`;

/** The tree built from the bundled rows (./rows). Built on each call: callers keep it (see bundledPlaceIndex). */
export function bundledPlaceTree(): PlaceTree {
  return {
    divisions: DIVISION_ROWS.map(([id, name, bnName]) => ({ id: divisionPlaceId(id), kind: 'division', name, bnName })),
    districts: DISTRICT_ROWS.map(([id, divisionId, name, bnName, lat, lng]) => ({
      id: districtPlaceId(id),
      kind: 'district',
      divisionId: divisionPlaceId(divisionId),
      name,
      bnName,
      lat,
      lng,
    })),
    upazilas: UPAZILA_ROWS.map(([id, districtId, name, bnName]) => ({
      id: upazilaPlaceId(id),
      kind: 'upazila',
      districtId: districtPlaceId(districtId),
      name,
      bnName,
    })),
    areas: AREA_ROWS.map(([slug, districtId, name, bnName, lat, lng, aka]) => ({
      id: areaPlaceId(slug),
      kind: 'area',
      districtId: districtPlaceId(districtId),
      name,
      bnName,
      lat,
      lng,
      aka: [...aka],
    })),
  };
}

/** A tree with its places by id, built once per tree. */
export interface PlaceIndex {
  tree: PlaceTree;
  byId: ReadonlyMap<string, Place>;
}

export function indexPlaceTree(tree: PlaceTree): PlaceIndex {
  const byId = new Map<string, Place>();
  for (const place of [...tree.divisions, ...tree.districts, ...tree.upazilas, ...tree.areas])
    byId.set(place.id, place);
  return { tree, byId };
}

let bundled: PlaceIndex | undefined;
/** The bundled tree's index, built on first use (not on import) and kept. */
export function bundledPlaceIndex(): PlaceIndex {
  bundled ??= indexPlaceTree(bundledPlaceTree());
  return bundled;
}

export function findPlace(index: PlaceIndex, id: string): Place | undefined {
  return index.byId.get(id);
}

export function isPostablePlace(place: Place | undefined): place is PostablePlace {
  return place?.kind === 'area' || place?.kind === 'upazila';
}

/** A place with the district and division it lies in (the district and division of a district are itself). */
export interface PlacePath {
  place: Place;
  district?: District;
  division?: Division;
}

/** The path of a place up to its division: area or upazila -> district -> division. */
export function placePath(index: PlaceIndex, id: string): PlacePath | undefined {
  const place = index.byId.get(id);
  if (!place) return undefined;
  if (place.kind === 'division') return { place, division: place };
  const district = place.kind === 'district' ? place : asDistrict(index.byId.get(place.districtId));
  const division = district && asDivision(index.byId.get(district.divisionId));
  return { place, district, division };
}

const asDistrict = (place: Place | undefined) => (place?.kind === 'district' ? place : undefined);
const asDivision = (place: Place | undefined) => (place?.kind === 'division' ? place : undefined);

/** True when `id` is the place itself or lies inside it (an area or upazila in a district or division, ...). */
export function isPlaceWithin(index: PlaceIndex, id: string, withinId: string): boolean {
  if (id === withinId) return true;
  const path = placePath(index, id);
  return path?.district?.id === withinId || path?.division?.id === withinId;
}

/** A place's names with those of its district and division: what an ad or a service answer carries. */
export interface PlaceNames {
  id: string;
  name: string;
  bnName: string;
}
export interface PlaceSummary extends PlaceNames {
  kind: PostablePlace['kind'];
  district: PlaceNames;
  division: PlaceNames;
}

const namesOf = ({ id, name, bnName }: PlaceNames): PlaceNames => ({ id, name, bnName });

/** The summary of an area or upazila, or undefined for any other id. */
export function placeSummary(index: PlaceIndex, id: string): PlaceSummary | undefined {
  const path = placePath(index, id);
  if (!path || !isPostablePlace(path.place) || !path.district || !path.division) return undefined;
  return {
    ...namesOf(path.place),
    kind: path.place.kind,
    district: namesOf(path.district),
    division: namesOf(path.division),
  };
}

/** The direct children of a place: a division's districts, a district's areas and upazilas (areas first). */
export function childPlaces(index: PlaceIndex, id: string): Place[] {
  const { tree } = index;
  if (id.startsWith('dv-')) return tree.districts.filter((district) => district.divisionId === id);
  if (id.startsWith('ds-'))
    return [
      ...tree.areas.filter((area) => area.districtId === id),
      ...tree.upazilas.filter((u) => u.districtId === id),
    ];
  return [];
}

/** The message for a place id an ad or a service may not name, or undefined when it may. */
export function placeIdProblem(index: PlaceIndex, id: string): string | undefined {
  const place = findPlace(index, id);
  if (!place) return UNKNOWN_PLACE_MESSAGE();
  return isPostablePlace(place) ? undefined : NOT_POSTABLE_PLACE_MESSAGE();
}
