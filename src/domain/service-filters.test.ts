import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_FILTERS, filterServices, sortServices, type ServiceFilters } from './service-filters';
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
