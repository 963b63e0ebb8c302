import { describe, expect, it } from 'vitest';
import { addressWithPlace, isPlaceId, placeLine, placesLine } from './place-display';
import { bundledPlaceIndex, placeSummary } from './place-tree';

const dhanmondi = placeSummary(bundledPlaceIndex(), 'ar-dhanmondi')!;
const savar = placeSummary(bundledPlaceIndex(), 'up-365')!;

describe('a place on screen', () => {
  it('reads the area and its district in the page language', () => {
    expect(placeLine(dhanmondi, 'en')).toBe('Dhanmondi, Dhaka');
    expect(placeLine(dhanmondi, 'bn')).toBe('ধানমন্ডি, ঢাকা');
    expect(placeLine(savar, 'en')).toBe('Savar, Dhaka');
  });

  it('reads a service’s places with each district once, in the order chosen', () => {
    const index = bundledPlaceIndex();
    const places = ['ar-mirpur', 'ar-agrabad', 'up-365'].map((id) => placeSummary(index, id)!);
    expect(placesLine(places, 'en')).toBe('Mirpur, Savar, Dhaka; Agrabad, Chattogram');
    expect(placesLine(places, 'bn')).toBe('মিরপুর, সাভার, ঢাকা; আগ্রাবাদ, চট্টগ্রাম');
    expect(placesLine([], 'en')).toBe('');
  });

  it('follows an address line without saying a name twice', () => {
    expect(addressWithPlace('House 4, Road 9', dhanmondi, 'en')).toBe('House 4, Road 9, Dhanmondi, Dhaka');
    expect(addressWithPlace('Road 7, dhanmondi', dhanmondi, 'en')).toBe('Road 7, dhanmondi, Dhaka');
    expect(addressWithPlace('বাড়ি ১২, ধানমন্ডি, ঢাকা', dhanmondi, 'bn')).toBe('বাড়ি ১২, ধানমন্ডি, ঢাকা');
    expect(addressWithPlace('Road 7, Dhanmondi', dhanmondi, 'bn')).toBe('Road 7, Dhanmondi, ধানমন্ডি, ঢাকা');
  });

  it('knows a place id by its shape', () => {
    for (const id of ['dv-6', 'ds-47', 'up-365', 'ar-dhanmondi', 'ar-jahaj-company-more'])
      expect(isPlaceId(id)).toBe(true);
    for (const id of ['', 'dhaka', 'ar-', 'ar--x', 'ds-47a', 'xx-1', 'ar-Dhanmondi'])
      expect(isPlaceId(id), id).toBe(false);
  });
});
