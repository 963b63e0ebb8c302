import { createContext, Suspense, useContext, type ReactNode } from 'react';
import type { ReportKind } from '@/domain/report';

/**
 * Moderation as other features' pages see it (issue 21, point 4): a Report button on rent ads, services, reviews
 * and people, and the owner's list of what moderators hid. Moderation is a feature of its own
 * (src/features/moderation), and a feature does not import another: pages render these slots, and the app fills
 * them (src/app/feature-slots.tsx). Each loads when a page first shows it.
 */

export interface ReportButtonProps {
  kind: ReportKind;
  targetId: string;
  /** The item's owner: the button is not shown to them (nobody reports their own item). */
  ownerId?: string | undefined;
  /** `link` is a small flag link (beside a review); `button` a full-width secondary button. */
  look?: 'button' | 'link';
}

export interface ModerationSlots {
  reportButton: (props: ReportButtonProps) => ReactNode;
  /** The signed-in person's hidden items with the reason, on their own profile page. */
  hiddenItems: () => ReactNode;
}

const ModerationSlotsContext = createContext<ModerationSlots | null>(null);

export function ModerationSlotsProvider({ slots, children }: { slots: ModerationSlots; children: ReactNode }) {
  return <ModerationSlotsContext value={slots}>{children}</ModerationSlotsContext>;
}

/** Renders nothing where no provider is (a page rendered alone in a test). */
export function ReportButton(props: ReportButtonProps) {
  const slots = useContext(ModerationSlotsContext);
  if (!slots) return null;
  return <Suspense fallback={null}>{slots.reportButton(props)}</Suspense>;
}

export function HiddenItemsNotice() {
  const slots = useContext(ModerationSlotsContext);
  if (!slots) return null;
  return <Suspense fallback={null}>{slots.hiddenItems()}</Suspense>;
}
