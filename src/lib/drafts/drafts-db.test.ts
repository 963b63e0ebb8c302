import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeDraftsDb, DRAFTS_DB_NAME, getDraft, keepDraftsOnlyOf, putDraft, removeDraft } from './drafts-db';

const AYESHA = '11111111-1111-4111-8111-111111111111';
const KARIM = '22222222-2222-4222-8222-222222222222';

const rentFields = { category: 'Flat', cost: '১৮,০০০', details: 'Two rooms near the market', placeId: '' };

beforeEach(async () => {
  closeDraftsDb();
  await Dexie.delete(DRAFTS_DB_NAME);
});

describe('drafts on the phone', () => {
  it('keeps the fields as typed and the photos as Blobs, across a restart of the database', async () => {
    const photo = new Blob(['photo-bytes'], { type: 'image/jpeg' });
    await putDraft('rent-ad', AYESHA, { values: rentFields, photos: [photo] }, 1_000);
    closeDraftsDb();

    const draft = await getDraft('rent-ad', AYESHA);
    expect(draft?.values).toEqual(rentFields);
    expect(draft?.savedAt).toBe(1_000);
    expect(draft?.photos).toHaveLength(1);
    expect(draft?.photos[0]).toBeInstanceOf(Blob);
    expect(draft?.photos[0]?.type).toBe('image/jpeg');
    expect(await draft?.photos[0]?.text()).toBe('photo-bytes');
  });

  it('keeps one draft per form and person: a later save replaces the earlier one', async () => {
    await putDraft('rent-ad', AYESHA, { values: { city: 'Dhaka' }, photos: [] }, 1);
    await putDraft('rent-ad', AYESHA, { values: { city: 'Khulna' }, photos: [] }, 2);
    await putDraft('service-offer', AYESHA, { values: { category: 'Plumber' }, photos: [] }, 3);

    expect((await getDraft('rent-ad', AYESHA))?.values).toEqual({ city: 'Khulna' });
    expect((await getDraft('service-offer', AYESHA))?.values).toEqual({ category: 'Plumber' });
  });

  it("answers a person only their own draft, never another person's", async () => {
    await putDraft('rent-ad', AYESHA, { values: { city: 'Dhaka' }, photos: [] });

    expect(await getDraft('rent-ad', KARIM)).toBeUndefined();
    expect(await getDraft('service-offer', AYESHA)).toBeUndefined();
  });

  it('removes a draft, leaving the other form’s', async () => {
    await putDraft('rent-ad', AYESHA, { values: { city: 'Dhaka' }, photos: [] });
    await putDraft('service-offer', AYESHA, { values: { category: 'Plumber' }, photos: [] });

    await removeDraft('rent-ad', AYESHA);

    expect(await getDraft('rent-ad', AYESHA)).toBeUndefined();
    expect(await getDraft('service-offer', AYESHA)).toBeDefined();
  });

  it('keeps only the next person’s drafts when a session ends, and none when nobody is signed in', async () => {
    await putDraft('rent-ad', AYESHA, { values: { city: 'Dhaka' }, photos: [] });
    await putDraft('rent-ad', KARIM, { values: { city: 'Sylhet' }, photos: [] });

    await keepDraftsOnlyOf(KARIM);
    expect(await getDraft('rent-ad', AYESHA)).toBeUndefined();
    expect((await getDraft('rent-ad', KARIM))?.values).toEqual({ city: 'Sylhet' });

    await keepDraftsOnlyOf(undefined);
    expect(await getDraft('rent-ad', KARIM)).toBeUndefined();
  });

  it('does not offer a row that does not fit (written by another version of the app), and a session end removes it', async () => {
    const raw = new Dexie(DRAFTS_DB_NAME);
    raw.version(1).stores({ drafts: 'key, ownerId' });
    await raw.table('drafts').put({ key: `rent-ad:${AYESHA}`, form: 'rent-ad', ownerId: AYESHA, values: 'not fields' });
    raw.close();

    expect(await getDraft('rent-ad', AYESHA)).toBeUndefined();
    await keepDraftsOnlyOf(AYESHA);
    const again = new Dexie(DRAFTS_DB_NAME);
    again.version(1).stores({ drafts: 'key, ownerId' });
    expect(await again.table('drafts').count()).toBe(0);
    again.close();
  });
});
