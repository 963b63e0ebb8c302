import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { placeTreeSchema } from './place-schemas';
import { NOT_POSTABLE_PLACE_MESSAGE, UNKNOWN_PLACE_MESSAGE } from './place-rules';
import {
  bundledPlaceIndex,
  bundledPlaceTree,
  childPlaces,
  findPlace,
  isPlaceWithin,
  placeIdProblem,
  placePath,
  placeSummary,
} from './place-tree';

describe('the bundled place tree', () => {
  const tree = bundledPlaceTree();
  const index = bundledPlaceIndex();

  it('holds the 8 divisions, 64 districts and 494 upazilas of the dataset and at least 60 areas', () => {
    expect(tree.divisions).toHaveLength(8);
    expect(tree.districts).toHaveLength(64);
    expect(tree.upazilas).toHaveLength(494);
    expect(tree.areas.length).toBeGreaterThanOrEqual(60);
    expect(v.safeParse(placeTreeSchema, tree).success).toBe(true);
  });

  it('gives every place a unique id, both names, and a parent that exists', () => {
    const all = [...tree.divisions, ...tree.districts, ...tree.upazilas, ...tree.areas];
    expect(new Set(all.map((place) => place.id)).size).toBe(all.length);
    for (const place of all) {
      expect(place.name.trim()).not.toBe('');
      expect(place.bnName).toMatch(/[\u0980-\u09ff]/);
      expect(place.bnName).toBe(place.bnName.normalize('NFC'));
    }
    for (const district of tree.districts) expect(findPlace(index, district.divisionId)?.kind).toBe('division');
    for (const child of [...tree.upazilas, ...tree.areas])
      expect(findPlace(index, child.districtId)?.kind).toBe('district');
  });

  it('keeps the dataset ids and names', () => {
    expect(findPlace(index, 'dv-6')).toMatchObject({ name: 'Dhaka', bnName: 'ঢাকা' });
    expect(findPlace(index, 'ds-47')).toMatchObject({ name: 'Dhaka', divisionId: 'dv-6', lat: 23.7115 });
    expect(findPlace(index, 'up-365')).toMatchObject({ name: 'Savar', districtId: 'ds-47' });
  });

  it('has the neighbourhoods of Dhaka North and South and Chattogram, in Bangla too, with centres near their city', () => {
    const dhaka = findPlace(index, 'ds-47');
    const expected: [string, string, string][] = [
      ['ar-dhanmondi', 'Dhanmondi', 'ধানমন্ডি'],
      ['ar-gulshan', 'Gulshan', 'গুলশান'],
      ['ar-banani', 'Banani', 'বনানী'],
      ['ar-mirpur', 'Mirpur', 'মিরপুর'],
      ['ar-uttara', 'Uttara', 'উত্তরা'],
      ['ar-mohammadpur', 'Mohammadpur', 'মোহাম্মদপুর'],
      ['ar-bashundhara', 'Bashundhara', 'বসুন্ধরা'],
      ['ar-motijheel', 'Motijheel', 'মতিঝিল'],
      ['ar-lalbagh', 'Lalbagh', 'লালবাগ'],
    ];
    for (const [id, name, bnName] of expected)
      expect(findPlace(index, id)).toMatchObject({ name, bnName, districtId: 'ds-47' });
    expect(findPlace(index, 'ar-agrabad')).toMatchObject({ bnName: 'আগ্রাবাদ', districtId: 'ds-8' });
    expect(dhaka?.kind).toBe('district');
    for (const area of tree.areas) {
      const district = tree.districts.find((candidate) => candidate.id === area.districtId);
      expect(Math.abs(area.lat - district!.lat), area.id).toBeLessThan(0.5);
      expect(Math.abs(area.lng - district!.lng), area.id).toBeLessThan(0.5);
    }
  });

  it('answers the path of an area, an upazila, a district and a division', () => {
    expect(placePath(index, 'ar-gulshan')).toMatchObject({
      place: { id: 'ar-gulshan' },
      district: { id: 'ds-47' },
      division: { id: 'dv-6' },
    });
    expect(placePath(index, 'up-365')?.division?.name).toBe('Dhaka');
    expect(placePath(index, 'ds-8')).toMatchObject({ district: { id: 'ds-8' }, division: { id: 'dv-1' } });
    expect(placePath(index, 'dv-3')).toMatchObject({ place: { id: 'dv-3' }, division: { id: 'dv-3' } });
    expect(placePath(index, 'ar-nowhere')).toBeUndefined();
  });

  it('summarises only areas and upazilas, with their district and division names', () => {
    expect(placeSummary(index, 'ar-agrabad')).toEqual({
      id: 'ar-agrabad',
      kind: 'area',
      name: 'Agrabad',
      bnName: 'আগ্রাবাদ',
      district: { id: 'ds-8', name: 'Chattogram', bnName: 'চট্টগ্রাম' },
      division: { id: 'dv-1', name: 'Chattagram', bnName: 'চট্টগ্রাম' },
    });
    expect(placeSummary(index, 'ds-47')).toBeUndefined();
    expect(placeSummary(index, 'x')).toBeUndefined();
  });

  it('tells whether a place lies within another and lists children', () => {
    expect(isPlaceWithin(index, 'ar-banani', 'ds-47')).toBe(true);
    expect(isPlaceWithin(index, 'ar-banani', 'dv-6')).toBe(true);
    expect(isPlaceWithin(index, 'ar-banani', 'dv-1')).toBe(false);
    expect(childPlaces(index, 'dv-6').every((place) => place.kind === 'district')).toBe(true);
    const dhakaChildren = childPlaces(index, 'ds-47');
    expect(dhakaChildren[0]?.kind).toBe('area');
    expect(dhakaChildren.some((place) => place.id === 'up-365')).toBe(true);
  });

  it('refuses unknown places and places that are not an area or upazila', () => {
    expect(placeIdProblem(index, 'ar-dhanmondi')).toBeUndefined();
    expect(placeIdProblem(index, 'up-1')).toBeUndefined();
    expect(placeIdProblem(index, 'ds-47')).toBe(NOT_POSTABLE_PLACE_MESSAGE());
    expect(placeIdProblem(index, 'dv-6')).toBe(NOT_POSTABLE_PLACE_MESSAGE());
    expect(placeIdProblem(index, 'ar-atlantis')).toBe(UNKNOWN_PLACE_MESSAGE());
    expect(placeIdProblem(index, '__proto__')).toBe(UNKNOWN_PLACE_MESSAGE());
  });
});
