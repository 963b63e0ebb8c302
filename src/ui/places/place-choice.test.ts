import { describe, expect, it } from 'vitest';
import { bundledPlaceIndex, findPlace, type Place } from '@/domain/places/place-tree';
import { chooseInList, choosePlace, locatePlace, trailOf, typeAheadResults } from './place-choice';

const index = bundledPlaceIndex();
const place = (id: string): Place => {
  const found = findPlace(index, id);
  if (!found) throw new Error(`no place ${id}`);
  return found;
};
const none = new Set<string>();

describe('the type-ahead', () => {
  it('finds a place by its English beginning, its Bangla name and another spelling', () => {
    expect(typeAheadResults(index, 'dhanm', none, 8).places[0]?.id).toBe('ar-dhanmondi');
    expect(typeAheadResults(index, 'ধানমন্ডি', none, 8).places[0]?.id).toBe('ar-dhanmondi');
    expect(typeAheadResults(index, 'Chittagong', none, 8).places.map((found) => found.name)).toContain('Chattogram');
  });

  it('leaves out the places already chosen and keeps to the limit', () => {
    const found = typeAheadResults(index, 'dhanm', new Set(['ar-dhanmondi']), 8).places;
    expect(found.map((result) => result.id)).not.toContain('ar-dhanmondi');
    expect(typeAheadResults(index, 'a', none, 5).places).toHaveLength(5);
    expect(typeAheadResults(index, '   ', none, 5).places).toEqual([]);
  });

  it('offers the places a misspelt name is near when no name holds it (issue 39)', () => {
    expect(typeAheadResults(index, 'mirpur', none, 8).near).toBe(false);
    const near = typeAheadResults(index, 'mirpor', none, 8);
    expect(near.near).toBe(true);
    expect(near.places[0]?.id).toBe('ar-mirpur');
    expect(typeAheadResults(index, 'mirpor', new Set(['ar-mirpur']), 8).places[0]?.id).not.toBe('ar-mirpur');
  });
});

describe('choosing for an ad (postable)', () => {
  it('takes an area or upazila as the value, with its district and division in the lists', () => {
    expect(choosePlace(index, 'postable', place('ar-dhanmondi'))).toEqual({
      trail: { division: 'dv-6', district: 'ds-47' },
      value: 'ar-dhanmondi',
    });
    expect(choosePlace(index, 'postable', place('up-365')).value).toBe('up-365');
  });

  it('takes a district only as a step: the lists open on it, the value is none', () => {
    expect(choosePlace(index, 'postable', place('ds-47'))).toEqual({
      trail: { division: 'dv-6', district: 'ds-47' },
      value: undefined,
    });
    const trail = trailOf(index, 'ar-dhanmondi');
    expect(chooseInList('postable', 'division', 'dv-5', trail)).toEqual({
      trail: { division: 'dv-5', district: '' },
      value: undefined,
    });
    expect(chooseInList('postable', 'district', 'ds-1', trail).value).toBeUndefined();
    expect(chooseInList('postable', 'area', 'ar-gulshan', trail).value).toBe('ar-gulshan');
    expect(chooseInList('postable', 'area', '', trail).value).toBeUndefined();
  });
});

describe('choosing for a filter (any)', () => {
  it('takes the deepest place chosen, whatever its level', () => {
    const empty = { division: '', district: '' };
    expect(choosePlace(index, 'any', place('dv-6')).value).toBe('dv-6');
    expect(chooseInList('any', 'division', 'dv-6', empty).value).toBe('dv-6');
    const inDhaka = { division: 'dv-6', district: 'ds-47' };
    expect(chooseInList('any', 'district', 'ds-47', { division: 'dv-6', district: '' }).value).toBe('ds-47');
    expect(chooseInList('any', 'area', 'ar-dhanmondi', inDhaka).value).toBe('ar-dhanmondi');
    // Back to "Any area" filters by the district, "Any district" by the division, "Any division" by nothing.
    expect(chooseInList('any', 'area', '', inDhaka).value).toBe('ds-47');
    expect(chooseInList('any', 'district', '', inDhaka)).toEqual({
      trail: { division: 'dv-6', district: '' },
      value: 'dv-6',
    });
    expect(chooseInList('any', 'division', '', inDhaka).value).toBeUndefined();
  });
});

describe('Use my location', () => {
  it('finds the nearest area, or its district when the area is already chosen', () => {
    const dhanmondi = { lat: 23.7465, lng: 90.3745 };
    expect(locatePlace(index, dhanmondi, none)).toMatchObject({ kind: 'area', place: { id: 'ar-dhanmondi' } });
    expect(locatePlace(index, dhanmondi, new Set(['ar-dhanmondi']))).toMatchObject({
      kind: 'district',
      place: { id: 'ds-47' },
    });
  });

  it('says so for a position outside Bangladesh', () => {
    expect(locatePlace(index, { lat: 51.5, lng: -0.12 }, none)).toEqual({ kind: 'outside' });
  });
});
