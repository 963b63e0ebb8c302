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
    expect(plan).toEqual({ add: [entry('service', 's')], remove: [ref('rent', 'gone')], gone: [] });
  });

  it('leaves items with a toggle still waiting in the outbox as the phone has them', () => {
    // Saved here offline (not on the server yet), and unsaved here offline (still on the server).
    const plan = planSavedMerge(
      [entry('rent', 'unsaved-here')],
      [ref('rent', 'saved-here')],
      new Set([savedKey(ref('rent', 'saved-here')), savedKey(ref('rent', 'unsaved-here'))]),
    );
    expect(plan).toEqual({ add: [], remove: [], gone: [] });
  });

  it('tells a rent ad from a service with the same id', () => {
    const plan = planSavedMerge([entry('service', 'x')], [ref('rent', 'x')], new Set());
    expect(plan).toEqual({ add: [entry('service', 'x')], remove: [ref('rent', 'x')], gone: [] });
  });

  it('changes nothing when both agree', () => {
    expect(planSavedMerge([entry('rent', 'a')], [ref('rent', 'a')], new Set())).toEqual({
      add: [],
      remove: [],
      gone: [],
    });
  });

  it('keeps an item whose listing went away, marked gone, instead of forgetting it without a word', () => {
    const gone = (kind: 'rent' | 'service', id: string): SavedEntry => ({ ...entry(kind, id), gone: true });
    const plan = planSavedMerge(
      [gone('rent', 'deleted'), gone('service', 'hidden'), gone('rent', 'marked'), gone('rent', 'never-here')],
      [ref('rent', 'deleted'), ref('service', 'hidden'), { ...ref('rent', 'marked'), gone: true }],
      new Set(),
    );
    // Not removed; marked once; one never on this phone is not fetched (its listing cannot be read).
    expect(plan).toEqual({ add: [], remove: [], gone: [ref('rent', 'deleted'), ref('service', 'hidden')] });
  });

  it('leaves a gone item the person is unsaving (its toggle waits in the outbox) as the phone has it', () => {
    const plan = planSavedMerge(
      [{ ...entry('rent', 'deleted'), gone: true }],
      [ref('rent', 'deleted')],
      new Set([savedKey(ref('rent', 'deleted'))]),
    );
    expect(plan).toEqual({ add: [], remove: [], gone: [] });
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
