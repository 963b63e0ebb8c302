import { describe, expect, it } from 'vitest';
import { correctPlaceWords, searchNearPlaces } from './place-near';
import { bundledPlaceIndex } from './place-tree';

const index = bundledPlaceIndex();

describe('near spellings (issue 39)', () => {
  it('offers the places a misspelt name is near, areas first', () => {
    expect(searchNearPlaces(index, 'mirpor').map((place) => place.id)[0]).toBe('ar-mirpur');
    expect(searchNearPlaces(index, 'dhanmondy').map((place) => place.id)[0]).toBe('ar-dhanmondi');
    expect(searchNearPlaces(index, 'মীরপুর').map((place) => place.id)[0]).toBe('ar-mirpur');
    expect(searchNearPlaces(index, 'mirpur-10').map((place) => place.id)[0]).toBe('ar-mirpur');
    expect(searchNearPlaces(index, 'mirpor', { kinds: ['district'] })).toEqual([]);
  });

  it('is not near anything for a short or a far word', () => {
    expect(searchNearPlaces(index, 'mir')).toEqual([]);
    expect(searchNearPlaces(index, 'xyzzyqq')).toEqual([]);
  });

  it.each([
    ['mirpor', 'Mirpur'],
    ['mirpor flat', 'Mirpur flat'],
    ['family flat in dhanmondy', 'family flat in Dhanmondi'],
    ['মিরপূর ফ্ল্যাট', undefined],
    ['মিরপুড় ফ্ল্যাট', 'মিরপুর ফ্ল্যাট'],
    ['mirpur flat', undefined],
    ['flat 1216', undefined],
    ['uttra', 'Uttara'],
  ])('corrects %s as %s', (query, corrected) => {
    expect(correctPlaceWords(index, query)).toBe(corrected);
  });
});
