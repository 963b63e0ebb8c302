import { describe, expect, it } from 'vitest';
import {
  matchDistrictText,
  matchPlaceText,
  matchRentPostPlace,
  matchServicePlaces,
  normalisePlaceText,
  placeNameForms,
  placeTables,
  serviceAreasOfPlaces,
  spellingsOf,
} from './place-names';
import { bundledPlaceIndex } from './place-tree';

const tables = placeTables(bundledPlaceIndex());

describe('normalisePlaceText', () => {
  it('folds case, punctuation, Bangla digits and Unicode forms', () => {
    expect(normalisePlaceText('  Mirpur-১০, DHAKA ')).toBe('mirpur 10 dhaka');
    expect(normalisePlaceText("Cox's Bazar")).toBe('coxs bazar');
    // য় written as one code point (U+09DF) or as য + nukta is the same letter.
    expect(normalisePlaceText('\u09DF')).toBe(normalisePlaceText('\u09AF\u09BC'));
    expect(normalisePlaceText('র\u200D্যাব')).toBe('র্যাব');
    expect(normalisePlaceText('—/')).toBe('');
  });
});

describe('spellings', () => {
  it('knows the common English variants of place names', () => {
    expect(spellingsOf('chattogram')).toEqual(expect.arrayContaining(['chittagong', 'chattagram']));
    expect(spellingsOf('bogura sadar')).toContain('bogra sadar');
    expect(placeNameForms({ name: 'Comilla', bnName: 'কুমিল্লা' })).toEqual(
      expect.arrayContaining(['comilla', 'cumilla', 'কুমিল্লা']),
    );
  });
});

describe('matchPlaceText', () => {
  // Areas in English and Bangla, with numbers and punctuation around them.
  it.each([
    ['Dhanmondi 27', 'ar-dhanmondi'],
    ['ধানমন্ডি', 'ar-dhanmondi'],
    ['dhanmondi', 'ar-dhanmondi'],
    ['Mirpur-10', 'ar-mirpur'],
    ['মিরপুর ১০', 'ar-mirpur'],
    ['Bashundhara R/A', 'ar-bashundhara'],
    ['Agrabad C/A', 'ar-agrabad'],
  ])('finds the area in "%s"', (text, id) => {
    expect(matchPlaceText(text, tables.places)).toBe(id);
  });

  it('finds upazilas, by any spelling of their names', () => {
    expect(matchPlaceText('Savar', tables.places)).toBe('up-365');
    expect(matchPlaceText('Bogra Sadar', tables.places)).toBe(matchPlaceText('Bogura Sadar', tables.places));
    expect(matchPlaceText('Bogra Sadar', tables.places)).toMatch(/^up-/);
  });

  it('prefers an area to an upazila of the same name and the place named last', () => {
    expect(matchPlaceText('Mirpur', tables.places)).toBe('ar-mirpur');
    expect(matchPlaceText('Mirpur Road, Dhanmondi', tables.places)).toBe('ar-dhanmondi');
  });

  it('matches whole words only and leaves out names shared by several places', () => {
    expect(matchPlaceText('Gulshanabad', tables.places)).toBeUndefined();
    expect(matchPlaceText('Kaliganj', tables.places)).toBeUndefined();
    expect(matchPlaceText('Dhaka', tables.places)).toBeUndefined();
    expect(matchPlaceText('', tables.places)).toBeUndefined();
  });
});

describe('matchDistrictText', () => {
  // Districts by their names and old spellings.
  it.each([
    ['Dhaka', 'ds-47'],
    ['Dacca', 'ds-47'],
    ['Chittagong', 'ds-8'],
    ['চট্টগ্রাম', 'ds-8'],
    ['Jessore', 'ds-20'],
    ['Barishal', 'ds-33'],
    ['Comilla', 'ds-1'],
    ['Cumilla', 'ds-1'],
    ['Bogra', 'ds-14'],
    ["Cox's Bazar", 'ds-9'],
  ])('finds the district "%s"', (text, id) => {
    expect(matchDistrictText(text, tables.districts)).toBe(id);
  });
});

describe('matchRentPostPlace', () => {
  it('takes the city when it names an area or upazila', () => {
    expect(matchRentPostPlace({ city: 'Uttara', addressLine: 'House 3, Road 7' }, tables)).toBe('ar-uttara');
  });

  it('looks for an area of the city in the address line when the city is a district', () => {
    expect(matchRentPostPlace({ city: 'Dhaka', addressLine: 'House 12, Road 5, Dhanmondi' }, tables)).toBe(
      'ar-dhanmondi',
    );
    expect(matchRentPostPlace({ city: 'Chittagong', addressLine: 'Flat 2, Agrabad C/A' }, tables)).toBe('ar-agrabad');
    // An area of another city is not taken: the texts disagree.
    expect(matchRentPostPlace({ city: 'Khulna', addressLine: 'Road 2, Gulshan' }, tables)).toBeUndefined();
    // Upazila names are not looked for in addresses ("Tala" is one, and a floor in an address).
    expect(matchRentPostPlace({ city: 'Satkhira', addressLine: '3rd Tala, Main Road' }, tables)).toBeUndefined();
  });

  it('leaves a text that names no known place', () => {
    expect(matchRentPostPlace({ city: 'Atlantis', addressLine: 'Dhanmondi' }, tables)).toBeUndefined();
  });
});

describe('matchServicePlaces', () => {
  it('matches each service area and keeps each place once, in order', () => {
    expect(matchServicePlaces(['Gulshan 1', 'Banani', 'গুলশান', 'Somewhere', 'Savar'], tables)).toEqual([
      'ar-gulshan',
      'ar-banani',
      'up-365',
    ]);
  });
});

describe('serviceAreasOfPlaces', () => {
  const index = bundledPlaceIndex();

  it('names each place in English as the tree does, in order, each name once', () => {
    expect(serviceAreasOfPlaces(['ar-gulshan', 'up-365', 'ar-banani', 'ar-gulshan'], index)).toEqual([
      'Gulshan',
      'Savar',
      'Banani',
    ]);
  });

  it('leaves out an id the tree does not have', () => {
    expect(serviceAreasOfPlaces(['ar-atlantis', 'ar-banani'], index)).toEqual(['Banani']);
    expect(serviceAreasOfPlaces([], index)).toEqual([]);
  });

  it('gives names that the matcher of old service areas reads back to the same places', () => {
    const ids = ['ar-dhanmondi', 'ar-mirpur', 'up-365'];
    expect(matchServicePlaces(serviceAreasOfPlaces(ids, index), tables)).toEqual(ids);
  });
});
