import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerPwa } from './app/pwa/register-pwa';
import { hasFirstScreen, revealApp } from './ui/first-screen';
import './styles/base.css';
import './ui/ui.css';

registerPwa();

const FIRST_SCREEN_MAX_MS = 8000;

const root = document.getElementById('root');
// The landing page replaces its prerendered first screen once it has rendered; should it never render (another
// page, an error), the app is shown all the same.
if (hasFirstScreen()) window.setTimeout(revealApp, FIRST_SCREEN_MAX_MS);
if (!root) throw new Error('index.html has no #root element');
// As a transition, the first render yields to the browser every few milliseconds instead of holding the main
// thread until the whole page is built: a tap during start-up is answered, and no task runs long.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
