// @vitest-environment jsdom
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewRecord } from '@/domain/service';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { letJsdomOpenDialogs } from '@/test/jsdom-dialogs';
import { mountForTest } from '@/test/mount-for-test';
import type { ReviewableService } from '@/ui/reviews-dialog-slot';
import { ReviewsDialog } from './reviews-dialog';

/**
 * "Hired on Basha" in the reviews dialog (issue 41, point 3): reviews of customers who hired the provider here come
 * first, each with its mark, and a line says how many of the reviews they are; in English and in Bangla.
 */

const view = mountForTest();
beforeAll(letJsdomOpenDialogs);
afterEach(() => overwriteGetLocale(() => 'en'));

const review = (id: string, name: string, hiredOnBasha?: boolean): ReviewRecord => ({
  _id: id,
  serviceId: 'plumber-1',
  client: { _id: `client-${id}`, name },
  rating: 4,
  feedback: `${name} says the pipes were fixed well.`,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  ...(hiredOnBasha === undefined ? {} : { hiredOnBasha }),
});

// Newest first, as a copy kept on the phone may hold them: not yet hired-first.
const SERVICE: ReviewableService = {
  _id: 'plumber-1',
  category: 'Plumber',
  ratings: [
    review('a', 'Anika', false),
    review('b', 'Babul', true),
    review('c', 'Chandni'),
    review('d', 'Dipu', true),
    review('e', 'Emon', true),
  ],
};

function showReviews(service: ReviewableService = SERVICE) {
  view.render(
    <MemoryRouter>
      <ReviewsDialog
        open
        onClose={() => {}}
        mode="reviews"
        services={[service]}
        canReview={false}
        onSubmit={() => Promise.resolve({ type: 'sent' } as never)}
        errorMessage={() => Promise.resolve('')}
      />
    </MemoryRouter>,
  );
}

const items = () => [...view.container.querySelectorAll<HTMLElement>('.review-list__item')];
const names = () => items().map((item) => item.querySelector('a')?.textContent);
const marked = () => items().map((item) => item.querySelector('.hired-badge')?.textContent ?? null);
const note = () => view.container.querySelector('.hired-note')?.textContent;

describe('hired on Basha, in the reviews dialog', () => {
  it('lists the reviews of customers hired on Basha first, each marked, and says how many they are', () => {
    showReviews();
    expect(names()).toEqual(['Babul', 'Dipu', 'Emon', 'Anika', 'Chandni']);
    expect(marked()).toEqual(['Hired on Basha', 'Hired on Basha', 'Hired on Basha', null, null]);
    expect(items()[0]!.querySelector('.hired-badge svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(note()).toBe('From customers who hired on Basha: 3 of 5 reviews');
  });

  it('says it in Bangla, with Bangla digits', () => {
    overwriteGetLocale(() => 'bn');
    showReviews();
    expect(names()).toEqual(['Babul', 'Dipu', 'Emon', 'Anika', 'Chandni']);
    expect(marked().slice(0, 3)).toEqual(Array(3).fill('বাসা-র মাধ্যমে কাজ করিয়েছেন'));
    expect(note()).toBe('বাসা-র মাধ্যমে কাজ করানো গ্রাহকদের রিভিউ: ৫টির মধ্যে ৩টি');
    expect(view.container.textContent).not.toContain('Hired on Basha');
  });

  it('says it of a single review in the singular, and nothing while no review is from a customer hired here', () => {
    showReviews({ ...SERVICE, ratings: [review('b', 'Babul', true), review('a', 'Anika', false)] });
    expect(note()).toBe('From customers who hired on Basha: 1 of 2 reviews');
    showReviews({ ...SERVICE, ratings: [review('b', 'Babul', true)] });
    expect(note()).toBe('This review is from a customer who hired on Basha');
    showReviews({ ...SERVICE, ratings: [review('a', 'Anika', false), review('c', 'Chandni')] });
    expect(note()).toBeUndefined();
    expect(marked()).toEqual([null, null]);
    act(() => overwriteGetLocale(() => 'bn'));
    showReviews({ ...SERVICE, ratings: [review('b', 'Babul', true)] });
    expect(note()).toBe('রিভিউটি বাসা-র মাধ্যমে কাজ করানো একজন গ্রাহকের');
  });
});
