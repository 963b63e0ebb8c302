import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { OUTBOX_KIND_DECLARATIONS } from './app/offline/outbox-kinds';
import { registerPwa } from './app/pwa/register-pwa';
import { createAppRouter } from './app/routes';
import { startLocale } from './i18n/client-locale';
import { configureOutboxSenders } from './lib/outbox/outbox-senders';
import { markFirstEntry } from './lib/scroll-entry-key';
import { hasFirstScreen, revealApp } from './ui/first-screen';
import './styles/base.css';
import './ui/ui.css';

// Before anything renders: every message asks the language of the page.
startLocale();
registerPwa();
// A post can be queued on any page, before the rest of the offline machinery has loaded (the senders themselves
// load on first use).
configureOutboxSenders(OUTBOX_KIND_DECLARATIONS);

const FIRST_SCREEN_MAX_MS = 8000;

const root = document.getElementById('root');
// The landing page replaces its prerendered first screen once it has rendered; should it never render (another
// page, an error), the app is shown all the same.
if (hasFirstScreen()) window.setTimeout(revealApp, FIRST_SCREEN_MAX_MS);
if (!root) throw new Error('index.html has no #root element');
// Start-up comes in short tasks, so that a tap during it is answered and no task holds a slow phone's main
// thread long: running this script, then creating the router (matching the address, starting the page's chunk
// and loader), then React's first render. That render is a transition, which yields to the browser every few
// milliseconds instead of building the whole page in one go.
setTimeout(() => {
  // Before the router reads the entry: a page opened anew starts at its top, a reload keeps its place.
  markFirstEntry();
  const router = createAppRouter();
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
});
