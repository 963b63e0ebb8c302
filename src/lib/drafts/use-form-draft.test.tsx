// @vitest-environment jsdom
import { act, useEffect } from 'react';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountForTest } from '@/test/mount-for-test';
import { formValuesFromDraft, type FormContent } from './draft-content';
import { createDraftSignals, type DraftSignals } from './draft-signals';
import type { DraftContent, DraftForm, DraftRow } from './drafts-db';
import { DRAFT_SAVE_DELAY_MS, useFormDraft, type FormDraft } from './use-form-draft';

// The store as a map: what the hook asks of it is what is tested here (./drafts-db.test.ts tests the store).
const store = vi.hoisted(() => {
  const rows = new Map<string, DraftRow>();
  const key = (form: DraftForm, ownerId: string) => `${form}:${ownerId}`;
  return {
    rows,
    getDraft: async (form: DraftForm, ownerId: string) => rows.get(key(form, ownerId)),
    putDraft: async (form: DraftForm, ownerId: string, content: DraftContent, savedAt = Date.now()) => {
      rows.set(key(form, ownerId), { key: key(form, ownerId), form, ownerId, savedAt, ...content });
    },
    removeDraft: async (form: DraftForm, ownerId: string) => {
      rows.delete(key(form, ownerId));
    },
  };
});
vi.mock('./drafts-db', () => store);

const OWNER = '11111111-1111-4111-8111-111111111111';
const KEY = `rent-ad:${OWNER}`;
const BLANK = { city: '', details: '', placeId: '' };

let content: FormContent;
let signals: DraftSignals;
let draft: FormDraft<typeof BLANK>;
const show = (drawn: FormDraft<typeof BLANK>) => {
  draft = drawn;
};

function RentLikeForm({ keep = true }: { keep?: boolean }) {
  const drawn = useFormDraft({ form: 'rent-ad', ownerId: OWNER, keep, blank: BLANK, read: () => content, signals });
  useEffect(() => show(drawn));
  return null;
}

const view = mountForTest();

/** Lets the store's answers arrive (each is a few promises). */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));
/** Lets typing pause long enough for the draft to be written. */
const pause = () => act(() => new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 50)));

function type(values: Record<string, unknown>, photos: Blob[] = []) {
  content = { values: { ...BLANK, ...values }, photos };
  act(() => signals.changed());
}

beforeEach(() => {
  store.rows.clear();
  content = { values: { ...BLANK }, photos: [] };
  signals = createDraftSignals();
});

describe('useFormDraft', () => {
  it('writes what is typed, photos included, once typing pauses', async () => {
    view.render(<RentLikeForm />);
    await settle();
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' });

    type({ city: 'Dhak' });
    type({ city: 'Dhaka' }, [photo]);
    expect(store.rows.has(KEY)).toBe(false);
    await pause();

    expect(store.rows.get(KEY)?.values).toEqual({ city: 'Dhaka', details: '', placeId: '' });
    expect(store.rows.get(KEY)?.photos).toEqual([photo]);
  });

  it('keeps what was typed before its code loaded, and drops the draft of a post handed over meanwhile', async () => {
    content = { values: { ...BLANK, city: 'Rajshahi' }, photos: [] };
    signals.changed();
    view.render(<RentLikeForm />);
    await settle();
    expect(store.rows.get(KEY)?.values.city).toBe('Rajshahi');

    act(() => view.root.render(null));
    const next = createDraftSignals();
    next.changed();
    next.handedOver();
    signals = next;
    view.render(<RentLikeForm />);
    await settle();
    expect(store.rows.has(KEY)).toBe(false);
    expect(draft.hasChanges()).toBe(false);
  });

  it('writes at once when the form goes away before typing pauses', async () => {
    view.render(<RentLikeForm />);
    await settle();
    type({ details: 'Two rooms' });

    act(() => view.root.render(null));
    await settle();

    expect(store.rows.get(KEY)?.values.details).toBe('Two rooms');
  });

  it('offers a kept draft as the form opens, and Continue gives its fields and photos', async () => {
    const photo = new Blob(['jpeg'], { type: 'image/jpeg' });
    await store.putDraft('rent-ad', OWNER, { values: { city: 'Khulna' }, photos: [photo] }, 1_000);

    view.render(<RentLikeForm />);
    await settle();
    expect(draft.offeredAt).toBe(1_000);

    let continued: ReturnType<typeof draft.continueDraft>;
    act(() => {
      continued = draft.continueDraft();
    });
    // The form's fields, filled from the draft where it has them.
    expect(continued?.values).toEqual({ city: 'Khulna', details: '', placeId: '' });
    expect(continued?.photos).toEqual([photo]);
    expect(draft.offeredAt).toBeUndefined();
    // A continued draft is what the form holds: leaving asks, and says it is kept.
    expect(draft.hasChanges()).toBe(true);
    expect(draft.keeping).toBe(true);

    type({ city: 'Khulna', details: 'Near the river' }, [photo]);
    await pause();
    expect(store.rows.get(KEY)?.values.details).toBe('Near the river');
  });

  it('does not write over an offered draft before the person answers; Start over removes it', async () => {
    await store.putDraft('rent-ad', OWNER, { values: { city: 'Khulna' }, photos: [] }, 1_000);
    view.render(<RentLikeForm />);
    await settle();

    type({ city: 'Sylhet' });
    await pause();
    expect(store.rows.get(KEY)?.values).toEqual({ city: 'Khulna' });
    expect(draft.keeping).toBe(false);

    act(() => draft.startOver());
    await settle();
    // What was typed meanwhile becomes the draft.
    expect(store.rows.get(KEY)?.values.city).toBe('Sylhet');
    expect(draft.offeredAt).toBeUndefined();
    expect(draft.keeping).toBe(true);
  });

  it('removes the draft when the post is handed to the outbox, and then lets the person leave without asking', async () => {
    view.render(<RentLikeForm />);
    await settle();
    type({ city: 'Dhaka' });
    await pause();
    expect(draft.hasChanges()).toBe(true);

    act(() => signals.handedOver());
    await settle();
    expect(store.rows.has(KEY)).toBe(false);
    expect(draft.hasChanges()).toBe(false);

    // Nothing typed after that (the form's last render) brings it back, not even the form going away.
    type({ city: 'Dhaka' });
    act(() => view.root.render(null));
    await pause();
    expect(store.rows.has(KEY)).toBe(false);
  });

  it('keeps no draft of a form emptied back to its starting values', async () => {
    view.render(<RentLikeForm />);
    await settle();
    type({ city: 'Dhaka' });
    await pause();
    expect(store.rows.has(KEY)).toBe(true);

    type({ city: '' });
    await pause();
    expect(store.rows.has(KEY)).toBe(false);
  });

  it('keeps nothing for a form that keeps no draft, but still asks before it is left with changes', async () => {
    await store.putDraft('rent-ad', OWNER, { values: { city: 'Khulna' }, photos: [] }, 1_000);
    view.render(<RentLikeForm keep={false} />);
    await settle();
    expect(draft.offeredAt).toBeUndefined();
    expect(draft.hasChanges()).toBe(false);

    type({ city: 'Sylhet' });
    await pause();
    expect(store.rows.get(KEY)?.values).toEqual({ city: 'Khulna' });
    expect(draft.hasChanges()).toBe(true);
    expect(draft.keeping).toBe(false);
  });
});

describe('formValuesFromDraft', () => {
  it('fills each field of the form from the draft when it is of the same kind, and drops the rest', () => {
    const blank = { category: '', serviceArea: [''], availableDays: [] as string[], availableTime: 'day' };
    const filled = formValuesFromDraft(blank, {
      category: 'Plumber',
      serviceArea: 'Mirpur',
      availableDays: ['Sat', 'Sun'],
      removedField: 'x',
    });
    expect(filled).toEqual({
      category: 'Plumber',
      serviceArea: [''],
      availableDays: ['Sat', 'Sun'],
      availableTime: 'day',
    });
  });
});

// This file's mocks must not reach the worker's next files, which share its module cache (vitest.config.ts,
// isolate: false): they import the real modules afresh (src/test/mocks-stay-in-their-file.test.ts).
afterAll(() => vi.resetModules());
