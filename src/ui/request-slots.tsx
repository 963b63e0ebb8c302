import { createContext, Suspense, useContext, type ReactNode } from 'react';
import type { PlaceSummary } from '@/domain/places/place-tree';

/**
 * Requests as other features' pages see them (issue 41, point 1): "Request this service" on a service and "Ask for a
 * visit" on a rent ad. Requests are a feature of their own (src/features/requests), and a feature does not import
 * another: the pages render this slot, and the app fills it (src/app/feature-slots.tsx). The button loads when a page
 * first shows it; its sheet, with the form, when it is tapped.
 */

export type RequestTarget =
  | {
      kind: 'service';
      listingId: string;
      ownerId: string;
      /** The service's areas: the customer chooses one (none on a service offered before places). */
      places: readonly PlaceSummary[];
      minimumPrice: number;
      maximumPrice: number;
    }
  | { kind: 'visit'; listingId: string; ownerId: string };

export interface RequestButtonProps {
  target: RequestTarget;
}

type RenderRequestButton = (props: RequestButtonProps) => ReactNode;

const RequestSlotContext = createContext<RenderRequestButton | null>(null);

export function RequestSlotProvider({ render, children }: { render: RenderRequestButton; children: ReactNode }) {
  return <RequestSlotContext value={render}>{children}</RequestSlotContext>;
}

/** Renders nothing where no provider is (a page rendered alone in a test). */
export function RequestButton(props: RequestButtonProps) {
  const render = useContext(RequestSlotContext);
  if (!render) return null;
  return <Suspense fallback={null}>{render(props)}</Suspense>;
}
