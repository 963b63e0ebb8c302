import type { AlertMeProps } from '@/ui/alert-slots';
import { lazyOptional } from '@/ui/lazy-optional';

// Its own chunk, loaded when a list first shows the button (the sheet loads later still, when it is tapped).
const AlertMeButton = lazyOptional(() => import('./alert-me-button').then((m) => m.AlertMeButton));

/** What the app puts in the alert slot (src/ui/alert-slots.tsx). */
export const renderAlertMe = (props: AlertMeProps) => <AlertMeButton {...props} />;
