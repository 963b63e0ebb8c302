import { createContext, Suspense, useContext, type ReactNode } from 'react';
import type { PlaceSummary } from '@/domain/places/place-tree';

/**
 * A listing's actions for the person looking at it, as other features' pages see them: "Request this service" on a
 * service and "Ask for a visit" on a rent ad (issue 41, point 1), and "Message the provider" / "Message the landlord"
 * (issue 42). Requests and conversations are features of their own (src/features/requests, .../conversations), and a
 * feature does not import another: the pages render this one slot, and the app fills it with both
 * (src/app/feature-slots.tsx). The buttons load when a page first shows them; the request sheet, with its form, when
 * it is tapped.
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
