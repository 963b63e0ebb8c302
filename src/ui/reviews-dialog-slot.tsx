import { createContext, Suspense, useContext, type ReactNode } from 'react';
import type { ReviewFormValues } from '@/domain/review-form';
import type { ReviewRecord } from '@/domain/service';
import type { ServiceCategory } from '@/domain/service-category';
import type { PostOutcome } from '@/lib/outbox/outbox';

/**
 * The reviews dialog as the pages see it. The dialog is a feature of its own (src/features/reviews), and a feature
 * does not import another: the services and profiles pages render this slot, and the app fills it
 * (src/app/feature-slots.tsx). The dialog loads when a page first shows it, never with the list it opens from.
 */

export interface ReviewableService {
  _id: string;
  category: ServiceCategory;
  ratings: ReviewRecord[];
}

export interface ReviewsDialogProps {
  open: boolean;
  onClose: () => void;
  mode: 'feedback' | 'reviews';
  services: readonly ReviewableService[];
  initialServiceId?: string | undefined;
  /** A review to start from (editing one the server refused). */
  initialReview?: { rating: number; feedback: string } | undefined;
  /** False on one's own services: they can be read, not reviewed. */
  canReview: boolean;
  /** Shown instead of the form when the person may not review yet (their e-mail is not verified). */
  reviewBlocked?: ReactNode;
  /** Posts the review through the outbox (`addFeedback`): the first attempt's outcome. */
  onSubmit: (values: ReviewFormValues) => Promise<PostOutcome>;
  errorMessage: (error: unknown) => Promise<string>;
}

type RenderReviewsDialog = (props: ReviewsDialogProps) => ReactNode;

const ReviewsDialogContext = createContext<RenderReviewsDialog | null>(null);

/** Names what `ReviewsDialog` renders for everything inside it. */
export function ReviewsDialogProvider({ render, children }: { render: RenderReviewsDialog; children: ReactNode }) {
  return <ReviewsDialogContext value={render}>{children}</ReviewsDialogContext>;
}

export function ReviewsDialog(props: ReviewsDialogProps) {
  const render = useContext(ReviewsDialogContext);
  if (!render) throw new Error('No reviews dialog was provided (src/app/feature-slots.tsx provides it).');
  return <Suspense fallback={null}>{render(props)}</Suspense>;
}
