import { createContext, Suspense, useContext, type ReactNode } from 'react';
import type { ListFiltersForAlert } from '@/domain/alert-filters';

/**
 * "Alert me" on a list (issue 43), as the lists see it: the rent list and the find-service lists render this slot with
 * their filters, and the app fills it with the alerts feature's button (src/app/feature-slots.tsx), since a feature
 * does not import another. The button loads after the list's first screen, as its own chunk, and makes the filters an
 * alert's there (src/domain/alert-filters.ts), so nothing of it weighs on the lists; its sheet loads when it is tapped.
 */

export type AlertMeProps = ListFiltersForAlert;

type RenderAlertMe = (props: AlertMeProps) => ReactNode;

const AlertSlotContext = createContext<RenderAlertMe | null>(null);

export function AlertSlotProvider({ render, children }: { render: RenderAlertMe; children: ReactNode }) {
  return <AlertSlotContext value={render}>{children}</AlertSlotContext>;
}

/** Renders nothing where no provider is (a page rendered alone in a test). */
export function AlertMe(props: AlertMeProps) {
  const render = useContext(AlertSlotContext);
  if (!render) return null;
  return <Suspense fallback={null}>{render(props)}</Suspense>;
}
