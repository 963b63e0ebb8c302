import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import type { ReviewableService } from '@/ui/reviews-dialog-slot';
import { ReviewsDialog } from './reviews-dialog';

const SERVICES: ReviewableService[] = [
  { _id: 'a', category: 'Painter', ratings: [] },
  { _id: 'b', category: 'Home Shifter', ratings: [] },
];

const dialog = (mode: 'reviews' | 'feedback', count = 1) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ReviewsDialog
        open
        onClose={() => {}}
        mode={mode}
        services={SERVICES.slice(0, count)}
        canReview
        onSubmit={() => Promise.resolve({ sent: true } as never)}
        errorMessage={() => Promise.resolve('')}
      />
    </MemoryRouter>,
  );

describe('the reviews dialog in Bangla (issue 18)', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('names the service in English on an English page, as the spec words it', () => {
    expect(dialog('reviews')).toContain('Painter Reviews');
  });

  it('names the service in Bangla on a Bangla page: the title, the list and the service picker', () => {
    overwriteGetLocale(() => 'bn');
    const reviews = dialog('reviews');
    expect(reviews).toContain('রংমিস্ত্রির রিভিউ');
    expect(reviews).not.toContain('Painter');
    const feedback = dialog('feedback', 2);
    expect(feedback).toContain('>রংমিস্ত্রি</option>');
    expect(feedback).toContain('>বাসা বদল</option>');
    expect(feedback).not.toMatch(/Painter|Home Shifter/);
  });
});
