import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { DEFAULT_SERVICE_FILTERS, filterServices, sortServices, type ServiceFilters } from './service-filters';
import { searchKey } from './search-text';
import { aReview, aService } from './service-test-data';

const filters = (overrides: Partial<ServiceFilters>): ServiceFilters => ({ ...DEFAULT_SERVICE_FILTERS, ...overrides });
const ids = (services: { _id: string }[]) => services.map((service) => service._id);

describe('filterServices', () => {
  const cheap = aService({ _id: 'cheap', minimumPrice: 300, maximumPrice: 800, availableTime: 'day' });
  const middle = aService({ _id: 'middle', minimumPrice: 1000, maximumPrice: 3000, availableTime: 'night' });
  const dear = aService({ _id: 'dear', minimumPrice: 5000, maximumPrice: 9000, availableTime: 'always' });
  const all = [dear, cheap, middle];

  it('keeps services whose minimum price is at least the minimum filter', () => {
    expect(ids(filterServices(all, filters({ minPrice: '1000' })))).toEqual(['middle', 'dear']);
  });

  it('keeps services whose maximum price is at most the maximum filter', () => {
    expect(ids(filterServices(all, filters({ maxPrice: '3000' })))).toEqual(['cheap', 'middle']);
  });

  it('ignores price bounds that are not numbers', () => {
    expect(filterServices(all, filters({ minPrice: 'abc', maxPrice: ' ' }))).toHaveLength(3);
  });

  it('matches availability exactly unless it is all', () => {
    expect(ids(filterServices(all, filters({ availability: 'night' })))).toEqual(['middle']);
    expect(ids(filterServices(all, filters({ availability: 'day' })))).toEqual(['cheap']);
    expect(filterServices(all, filters({ availability: 'all' }))).toHaveLength(3);
  });

  it('searches service areas, description and provider name, ignoring case', () => {
    const gulshan = aService({ _id: 'gulshan', serviceArea: ['Gulshan 2'] });
    const painter = aService({ _id: 'paint', description: 'Interior painting with low-odour paints, tidy work.' });
    const karim = aService({ _id: 'karim', provider: { _id: 'k', name: 'Karim Uddin' } });
    const list = [gulshan, painter, karim];
    expect(ids(filterServices(list, filters({ search: 'gulshan' })))).toEqual(['gulshan']);
    expect(ids(filterServices(list, filters({ search: 'LOW-ODOUR' })))).toEqual(['paint']);
    expect(ids(filterServices(list, filters({ search: 'karim' })))).toEqual(['karim']);
  });

  it('sorts by minimum price ascending by default', () => {
    expect(ids(filterServices(all, DEFAULT_SERVICE_FILTERS))).toEqual(['cheap', 'middle', 'dear']);
  });
});

describe('sortServices', () => {
  const unrated = aService({ _id: 'unrated', minimumPrice: 100 });
  const four = aService({ _id: 'four', minimumPrice: 900, ratings: [aReview(4), aReview(4)] });
  const three = aService({ _id: 'three', minimumPrice: 500, ratings: [aReview(5), aReview(1)] });

  it('sorts by average rating with 0 for a service without ratings', () => {
    expect(ids(sortServices([four, unrated, three], 'rating', 'asc'))).toEqual(['unrated', 'three', 'four']);
  });

  it('reverses the order when descending', () => {
    expect(ids(sortServices([four, unrated, three], 'rating', 'desc'))).toEqual(['four', 'three', 'unrated']);
    expect(ids(sortServices([four, unrated, three], 'price', 'desc'))).toEqual(['four', 'three', 'unrated']);
  });

  it('does not change the list it is given', () => {
    const list = [four, unrated];
    sortServices(list, 'price', 'asc');
    expect(ids(list)).toEqual(['four', 'unrated']);
  });
});

describe('the search in Bangla and English', () => {
  const restoreEnglish = () => overwriteGetLocale(() => 'en');
  afterEach(restoreEnglish);

  const plumber = aService({ _id: 'plumber', category: 'Plumber', description: 'Pipes and taps, same day.' });
  const maid = aService({ _id: 'maid', category: 'Maid', description: 'রান্না ও ঘর পরিষ্কারের কাজ করি।' });
  const tutor = aService({ _id: 'tutor', category: 'Tutor', serviceArea: ['মিরপুর ১০'], description: 'Maths.' });
  const list = [plumber, maid, tutor];

  it('finds a category by its Bangla name, whatever the language of the page', () => {
    expect(ids(filterServices(list, filters({ search: 'প্লাম্বার' })))).toEqual(['plumber']);
    expect(ids(filterServices(list, filters({ search: 'গৃহশিক্ষক' })))).toEqual(['tutor']);
    overwriteGetLocale(() => 'bn');
    expect(ids(filterServices(list, filters({ search: 'গৃহকর্মী' })))).toEqual(['maid']);
  });

  it('finds a category by its English name, ignoring case, on a Bangla page too', () => {
    overwriteGetLocale(() => 'bn');
    expect(ids(filterServices(list, filters({ search: 'PLUMBER' })))).toEqual(['plumber']);
    expect(ids(filterServices(list, filters({ search: 'tutor' })))).toEqual(['tutor']);
  });

  it('finds Bangla text typed with decomposed letters (Unicode NFC)', () => {
    // য় typed as য + nukta, and ো as its two halves (ে + া): the same words once composed.
    const withNukta = aService({ _id: 'nukta', description: 'বাসা\u09df এসে কাজ করি' });
    const decomposedQuery = 'বাসা\u09af\u09bc';
    expect(ids(filterServices([withNukta, plumber], filters({ search: decomposedQuery })))).toEqual(['nukta']);
    const composed = aService({ _id: 'composed', description: 'ভাল\u09cb কাজ' });
    expect(ids(filterServices([composed, plumber], filters({ search: 'ভাল\u09c7\u09be' })))).toEqual(['composed']);
  });

  it('ignores joiners and the script of digits', () => {
    expect(ids(filterServices(list, filters({ search: 'মিরপুর 10' })))).toEqual(['tutor']);
    expect(ids(filterServices(list, filters({ search: 'পরিষ্\u200cকার' })))).toEqual(['maid']);
    expect(searchKey('Road ৭')).toBe(searchKey('road 7'));
  });

  it('finds every word of the search, each in any field and in any order (issue 39)', () => {
    // The provider's name is one field, the category's names another.
    expect(ids(filterServices([plumber], filters({ search: 'plumber chowdhury' })))).toEqual(['plumber']);
    expect(ids(filterServices([plumber], filters({ search: 'chowdhury, plumber' })))).toEqual(['plumber']);
    expect(filterServices([plumber], filters({ search: 'chowdhury electrician' }))).toEqual([]);
  });

  it('reads price bounds typed in Bangla digits', () => {
    const cheap = aService({ _id: 'cheap', minimumPrice: 300, maximumPrice: 800 });
    const dear = aService({ _id: 'dear', minimumPrice: 5000, maximumPrice: 9000 });
    expect(ids(filterServices([cheap, dear], filters({ minPrice: '১০০০' })))).toEqual(['dear']);
    expect(ids(filterServices([cheap, dear], filters({ maxPrice: '৮০০' })))).toEqual(['cheap']);
  });
});
