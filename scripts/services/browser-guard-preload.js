import { installBrowserGuard } from './browser-guard.js';

// `node --import` this file (BROWSER_GUARD_ARGS in child-service.ts): the guard is in place before the service's
// own code opens a port.
installBrowserGuard();
