import { isIPv4 } from 'node:net';
import { PUSH_ENDPOINT_MAX_LENGTH } from '../../src/domain/push-subscription';

/**
 * Which endpoints the server may send a push message to (issue 43, point 5). An endpoint is a URL a browser hands
 * us, and whoever signs in can hand us any URL as "their browser's", so without this the sender would POST wherever
 * an attacker points it: at the database's port, a cloud metadata address, an admin page on the private network.
 * It is checked when a subscription is stored and again before each send (a rule made stricter since still holds
 * for the rows stored under the old one).
 *
 * Allowed: HTTPS on the default port to a host of one of the browsers' push services (below). With a `demo-`
 * Firebase project, also the loopback host (HTTP or HTTPS, any port), where the tests' and the demo stack's local
 * push services listen. Refused: every other IP literal (private, link-local, shared, unspecified, IPv4-mapped
 * IPv6 and the rest: push services are named by host, never by address), credentials in the URL, a fragment, any
 * URL not written in its standard form (so the sender's parser cannot read another host out of it than ours did),
 * and anything longer than PUSH_ENDPOINT_MAX_LENGTH.
 */

/**
 * The browsers' push services, from the endpoints they hand out: Chrome, Samsung Internet, Opera and the other
 * Chromium browsers (Firebase Cloud Messaging), Firefox (Mozilla autopush: updates.push.services.mozilla.com),
 * Edge (Windows Push Notification Services: wns2-*.notify.windows.com) and Safari (Apple Push Notification service:
 * web.push.apple.com, and the per-region *.push.apple.com hosts).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = ['fcm.googleapis.com', 'web.push.apple.com'];
export const PUSH_SERVICE_HOST_SUFFIXES: readonly string[] = [
  '.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

/** The loopback hosts as the URL parser writes them (it turns 127.1, 0x7f.0.0.1 and the like into 127.0.0.1). */
const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', '[::1]', 'localhost'];

/** A host name of DNS labels, as the URL parser leaves it: lower case, no empty label, no trailing dot. */
const HOST_NAME = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]([a-z0-9-]*[a-z0-9])?$/;

export interface PushEndpointRules {
  /** Loopback endpoints too: only with a `demo-` Firebase project (AppConfig.push.loopbackEndpoints). */
  loopbackEndpoints: boolean;
}

export type PushEndpointVerdict = { allowed: true; url: URL } | { allowed: false; reason: string };

export function checkPushEndpoint(endpoint: string, rules: PushEndpointRules): PushEndpointVerdict {
  const refuse = (reason: string): PushEndpointVerdict => ({ allowed: false, reason });
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) return refuse('too long');
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return refuse('not a URL');
  }
  // The parser drops spaces, tabs and newlines and encodes other control characters, so those fail here too.
  if (url.href !== endpoint) return refuse('not in the standard form of a URL');
  if (url.username !== '' || url.password !== '') return refuse('credentials in the URL');
  if (url.hash !== '') return refuse('a fragment');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('neither https nor http');

  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    return rules.loopbackEndpoints ? { allowed: true, url } : refuse('a loopback host outside a demo project');
  }
  if (isIPv4(url.hostname) || url.hostname.startsWith('[')) return refuse('an IP address');
  if (url.protocol !== 'https:') return refuse('not https');
  if (url.port !== '') return refuse('not the default port');
  if (!HOST_NAME.test(url.hostname) || !isPushServiceHost(url.hostname)) return refuse('not a push service');
  return { allowed: true, url };
}

export function isPushServiceHost(hostname: string): boolean {
  return (
    PUSH_SERVICE_HOSTS.includes(hostname) || PUSH_SERVICE_HOST_SUFFIXES.some((suffix) => hostname.endsWith(suffix))
  );
}
