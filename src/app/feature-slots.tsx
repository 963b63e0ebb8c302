import { type ReactNode } from 'react';
import { ReviewsDialogProvider, type ReviewsDialogProps } from '@/ui/reviews-dialog-slot';
import { ModerationSlotsProvider } from '@/ui/moderation-slots';
import { moderationSlots } from '@/features/moderation/ui/slots';
import { lazyOptional } from '@/ui/lazy-optional';
import { RequestSlotProvider } from '@/ui/request-slots';
import { renderRequestButton } from '@/features/requests/ui/slots';

// What one feature shows inside another's pages, filled in here since a feature does not import another. Each is
// its own chunk, loaded when a page first shows it.
const ReviewsDialog = lazyOptional(() => import('@/features/reviews/ui/reviews-dialog').then((m) => m.ReviewsDialog));

const renderReviewsDialog = (props: ReviewsDialogProps) => <ReviewsDialog {...props} />;

export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <ReviewsDialogProvider render={renderReviewsDialog}>
      <ModerationSlotsProvider slots={moderationSlots}>
        <RequestSlotProvider render={renderRequestButton}>{children}</RequestSlotProvider>
      </ModerationSlotsProvider>
    </ReviewsDialogProvider>
  );
}
