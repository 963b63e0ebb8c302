import { describe, expect, it } from 'vitest';
import { savedKey } from './saved';
import { planSavedMerge, savedPhotoUrls, type SavedEntry, type SavedRef } from './saved-sync';

const entry = (kind: 'rent' | 'service', id: string): SavedEntry => ({ kind, id, savedAt: '2030-01-01T00:00:00.000Z' });
const ref = (kind: 'rent' | 'service', id: string): SavedRef => ({ kind, id });

describe('merging the account’s saved list with the phone’s', () => {
  it('adds what the account has and the phone lacks, and forgets what the account no longer has', () => {
    const plan = planSavedMerge(
      [entry('rent', 'a'), entry('service', 's')],
      [ref('rent', 'a'), ref('rent', 'gone')],
      new Set(),
    );
    expect(plan).toEqual({ add: [entry('service', 's')], remove: [ref('rent', 'gone')] });
  });

  it('leaves items with a toggle still waiting in the outbox as the phone has them', () => {
    // Saved here offline (not on the server yet), and unsaved here offline (still on the server).
    const plan = planSavedMerge(
      [entry('rent', 'unsaved-here')],
      [ref('rent', 'saved-here')],
      new Set([savedKey(ref('rent', 'saved-here')), savedKey(ref('rent', 'unsaved-here'))]),
    );
    expect(plan).toEqual({ add: [], remove: [] });
  });

  it('tells a rent ad from a service with the same id', () => {
    const plan = planSavedMerge([entry('service', 'x')], [ref('rent', 'x')], new Set());
    expect(plan).toEqual({ add: [entry('service', 'x')], remove: [ref('rent', 'x')] });
  });

  it('changes nothing when both agree', () => {
    expect(planSavedMerge([entry('rent', 'a')], [ref('rent', 'a')], new Set())).toEqual({ add: [], remove: [] });
  });
});

describe('the photos a saved item keeps', () => {
  it('keeps a rent ad’s card photos and large photos, once each, and only our own paths', () => {
    const record = {
      _id: 'a',
      category: 'flat',
      cost: 1,
      rentPaymentFrequency: 'monthly',
      addressLine: 'Road 1',
      city: 'Dhaka',
      imageUrls: ['/uploads/rent/1.webp', '/uploads/rent/2.webp', 'https://elsewhere.test/x.webp'],
      thumbnailUrls: ['/uploads/rent/1-thumb.webp', '/uploads/rent/1.webp'],
    };
    expect(savedPhotoUrls('rent', record)).toEqual([
      '/uploads/rent/1-thumb.webp',
      '/uploads/rent/1.webp',
      '/uploads/rent/2.webp',
    ]);
  });

  it('keeps a service’s cover, and nothing for a record that is not of its kind', () => {
    const service = {
      _id: 's',
      category: 'Plumber',
      provider: { _id: 'p', name: 'Karim' },
      addressLine: 'Road 1',
      minimumPrice: 100,
      maximumPrice: 500,
      coverImage: '/uploads/services/c.webp',
      coverThumbnail: null,
    };
    expect(savedPhotoUrls('service', service)).toEqual(['/uploads/services/c.webp']);
    expect(savedPhotoUrls('rent', service)).toEqual([]);
    expect(savedPhotoUrls('service', 'not a record')).toEqual([]);
  });
});
