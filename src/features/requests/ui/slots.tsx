import type { RequestButtonProps } from '@/ui/request-slots';
import { lazyOptional } from '@/ui/lazy-optional';

// Its own chunk, loaded when a page first shows the button (the sheet's form loads later still, when it is tapped).
const RequestButtonView = lazyOptional(() => import('./request-button').then((m) => m.RequestButtonView));

/** What the app puts in the request slot (src/ui/request-slots.tsx). */
export const renderRequestButton = (props: RequestButtonProps) => <RequestButtonView {...props} />;
