import { describe, expect, it } from 'vitest';
import { distanceKm, nearestPlaces } from './nearest-place';
import { searchPlaces } from './place-search';
import { bundledPlaceIndex } from './place-tree';

const index = bundledPlaceIndex();
const ids = (text: string, options?: Parameters<typeof searchPlaces>[2]) =>
  searchPlaces(index, text, options).map((place) => place.id);

describe('searchPlaces', () => {
  it('finds places by the start of their names in both languages', () => {
    expect(ids('dhan')[0]).toBe('ar-dhanmondi');
    expect(ids('ধান')[0]).toBe('ar-dhanmondi');
    expect(ids('গুলশ')[0]).toBe('ar-gulshan');
    expect(ids('UTTAR')).toContain('ar-uttara');
  });

  it('ranks an exact name first, areas before upazilas of the same name', () => {
    expect(ids('mirpur').slice(0, 2)).toEqual(['ar-mirpur', 'up-' + String(searchUpazila('Mirpur'))]);
    expect(ids('dhaka').slice(0, 2)).toEqual(['ds-47', 'dv-6']);
  });

  it('finds places by their other spellings', () => {
    expect(ids('Chittagong')[0]).toBe('ds-8');
    expect(ids('chitt')).toContain('ds-8');
    expect(ids('bogra')[0]).toBe('ds-14');
    expect(ids('Jessore')[0]).toBe('ds-20');
    expect(ids('Dacca')[0]).toBe('ds-47');
    expect(ids('mohammedpur')[0]).toBe('ar-mohammadpur');
  });

  it('filters by kind and by the division or district a place is in, and limits the answer', () => {
    expect(ids('pur', { kinds: ['area'], within: 'ds-47', limit: 50 }).every((id) => id.startsWith('ar-'))).toBe(true);
    expect(ids('Sadar', { within: 'ds-47' })).toEqual([]);
    expect(ids('a', { limit: 3 })).toHaveLength(3);
    expect(ids('   ')).toEqual([]);
  });
});

function searchUpazila(name: string): number {
  const upazila = index.tree.upazilas.find((candidate) => candidate.name === name);
  return Number(upazila?.id.slice(3));
}

describe('nearestPlaces', () => {
  it('measures distances on the globe', () => {
    expect(distanceKm({ lat: 23.7461, lng: 90.3742 }, { lat: 22.3569, lng: 91.7832 })).toBeGreaterThan(200);
    expect(distanceKm({ lat: 23.7461, lng: 90.3742 }, { lat: 23.7461, lng: 90.3742 })).toBe(0);
  });

  it('finds the area and its district near a position in a city', () => {
    expect(nearestPlaces(index.tree, { lat: 23.7465, lng: 90.3745 })).toMatchObject({
      district: { id: 'ds-47' },
      area: { id: 'ar-dhanmondi' },
    });
    expect(nearestPlaces(index.tree, { lat: 22.327, lng: 91.811 })?.area?.id).toBe('ar-agrabad');
  });

  it('finds only the district away from the areas, and nothing far from Bangladesh', () => {
    const rural = nearestPlaces(index.tree, { lat: 24.85, lng: 89.37 });
    expect(rural?.district.id).toBe('ds-14');
    expect(rural?.area).toBeUndefined();
    expect(nearestPlaces(index.tree, { lat: 51.5, lng: -0.12 })).toBeUndefined();
    expect(nearestPlaces(index.tree, { lat: Number.NaN, lng: 90 })).toBeUndefined();
  });
});
