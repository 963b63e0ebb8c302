import { type ReactNode } from 'react';
import { ReviewsDialogProvider, type ReviewsDialogProps } from '@/ui/reviews-dialog-slot';
import { ModerationSlotsProvider } from '@/ui/moderation-slots';
import { moderationSlots } from '@/features/moderation/ui/slots';
import { lazyOptional } from '@/ui/lazy-optional';
import { RequestSlotProvider, type RequestButtonProps } from '@/ui/request-slots';
import { renderRequestButton } from '@/features/requests/ui/slots';
import { renderMessageButton } from '@/features/conversations/ui/slots';
import { AlertSlotProvider } from '@/ui/alert-slots';
import { renderAlertMe } from '@/features/alerts/ui/slots';

// What one feature shows inside another's pages, filled in here since a feature does not import another. Each is
// its own chunk, loaded when a page first shows it.
const ReviewsDialog = lazyOptional(() => import('@/features/reviews/ui/reviews-dialog').then((m) => m.ReviewsDialog));

const renderReviewsDialog = (props: ReviewsDialogProps) => <ReviewsDialog {...props} />;

// A listing's actions for the person looking at it: ask for the job or the visit (requests), and message its owner
// (conversations), each its own chunk.
const renderListingActions = (props: RequestButtonProps) => (
  <>
    {renderRequestButton(props)}
    {renderMessageButton(props)}
  </>
);

export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <ReviewsDialogProvider render={renderReviewsDialog}>
      <ModerationSlotsProvider slots={moderationSlots}>
        <RequestSlotProvider render={renderListingActions}>
          <AlertSlotProvider render={renderAlertMe}>{children}</AlertSlotProvider>
        </RequestSlotProvider>
      </ModerationSlotsProvider>
    </ReviewsDialogProvider>
  );
}
