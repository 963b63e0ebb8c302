import type { RequestButtonProps } from '@/ui/request-slots';
import { lazyOptional } from '@/ui/lazy-optional';

// Its own chunk, loaded when a page first shows the button.
const MessageButtonView = lazyOptional(() => import('./message-button').then((m) => m.MessageButtonView));

/** What the app puts beside the request button in a listing's slot (src/ui/request-slots.tsx). */
export const renderMessageButton = (props: RequestButtonProps) => <MessageButtonView {...props} />;
