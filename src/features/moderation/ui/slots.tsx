import { lazy } from 'react';
import type { ModerationSlots, ReportButtonProps } from '@/ui/moderation-slots';

// Each its own chunk, loaded when a page first shows it (the sheet's form code is not on any page's first load).
const ReportButtonView = lazy(() => import('./report-button').then((m) => ({ default: m.ReportButtonView })));
const HiddenItemsView = lazy(() => import('./hidden-items-notice').then((m) => ({ default: m.HiddenItemsView })));

/** What the app puts in the moderation slots (src/ui/moderation-slots.tsx). */
export const moderationSlots: ModerationSlots = {
  reportButton: (props: ReportButtonProps) => <ReportButtonView {...props} />,
  hiddenItems: () => <HiddenItemsView />,
};
