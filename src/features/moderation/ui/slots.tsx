import type { ModerationSlots, ReportButtonProps } from '@/ui/moderation-slots';
import { lazyOptional } from '@/ui/lazy-optional';

// Each its own chunk, loaded when a page first shows it (the sheet's form code is not on any page's first load).
const ReportButtonView = lazyOptional(() => import('./report-button').then((m) => m.ReportButtonView));
const HiddenItemsView = lazyOptional(() => import('./hidden-items-notice').then((m) => m.HiddenItemsView));

/** What the app puts in the moderation slots (src/ui/moderation-slots.tsx). */
export const moderationSlots: ModerationSlots = {
  reportButton: (props: ReportButtonProps) => <ReportButtonView {...props} />,
  hiddenItems: () => <HiddenItemsView />,
};
