import { secureHeaders } from 'hono/secure-headers';
import type { AppConfig } from '../config/env';

/**
 * Browser-side protections on every answer: a Content-Security-Policy that allows scripts, styles and
 * connections from Basha's own origin only (no inline scripts anywhere), no framing, no MIME sniffing, a
 * careful Referrer-Policy, and HSTS when Basha is served over https.
 */
export function securityHeaders(config: AppConfig) {
  const https = config.publicUrl.startsWith('https:');
  // Hosted Firebase Auth is called from the browser; with the emulator it is proxied on our own origin.
  const firebaseHosts = config.firebase.emulator
    ? []
    : ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      // blob: for previews of photos chosen in forms; data: for small inline icons.
      imgSrc: ["'self'", 'data:', 'blob:'],
      // data: for the 1 KB face of the language names, written into the style sheet (src/styles/fonts.css). Only a
      // style sheet can ask for a font, and styles come from our own origin only.
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...firebaseHosts],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameSrc: config.firebase.emulator ? ["'none'"] : [`https://${config.firebase.authDomain}`],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: 'same-site',
    crossOriginEmbedderPolicy: false,
  });
}
