import { Buffer } from 'node:buffer';
import http from 'node:http';
import { URL } from 'node:url';

/**
 * Loaded into the Auth emulator's and maildev's own processes (`node --import`, scripts/services/*.ts), before
 * they open a port. Both answer every web page with CORS and Private Network Access grants: a page of any site,
 * open in the same browser, could read every account with its plain-text password and every mailed code. Every
 * HTTP server of the process (the emulator, its hub and log socket, maildev's inbox, API and socket) therefore
 * refuses, with 403 and before the service sees it:
 *
 * - a request naming another origin (`Origin`): only the service's own pages (maildev's inbox at
 *   http://localhost:1080) may name one. Basha's server calls the emulator itself, without an Origin
 *   (server/http/emulator-proxy.ts); the test suites, firebase-admin and curl send none either;
 * - every CORS preflight (`OPTIONS` with `Access-Control-Request-Method`), so nothing is ever granted, Private
 *   Network Access included;
 * - a request another site's page made without an Origin (`Sec-Fetch-Site: cross-site`: an image, a script, a
 *   navigation);
 * - a `Host` that is not this machine's loopback name (a DNS-rebinding page reaching 127.0.0.1 under its own name).
 *
 * The same goes for WebSocket upgrades. JavaScript, not TypeScript: it runs in the services' plain Node, installed by
 * browser-guard-preload.js.
 */

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Why the request must be refused, or undefined when it may pass.
 * @param {http.IncomingMessage} request
 * @returns {string | undefined}
 */
export function browserRefusal(request) {
  const headers = request.headers;
  const port = String(request.socket.localPort);
  if (!isLoopbackAddress(headers.host, port)) return 'this service answers only at a loopback address';
  if (request.method === 'OPTIONS' && headers['access-control-request-method'] !== undefined) {
    return 'no cross-origin request is granted here';
  }
  if (headers['sec-fetch-site'] === 'cross-site') return "another site's page may not call this service";
  if (headers.origin !== undefined && !isLoopbackAddress(originHost(headers.origin), port)) {
    return "only this service's own pages may call it";
  }
  return undefined;
}

/**
 * @param {string | undefined} host  a Host header or an origin's host, `name:port`
 * @param {string} port  the port the request arrived on
 */
function isLoopbackAddress(host, port) {
  if (host === undefined) return false;
  const colon = host.lastIndexOf(':');
  return colon > 0 && host.slice(colon + 1) === port && LOOPBACK_NAMES.has(host.slice(0, colon).toLowerCase());
}

/** @param {string} origin */
function originHost(origin) {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && url.origin === origin ? url.host : undefined;
  } catch {
    return undefined; // "null" (a sandboxed frame, a file) or garbage
  }
}

/**
 * @param {http.ServerResponse} response
 * @param {string} reason
 */
function refuseRequest(response, reason) {
  response.writeHead(403, {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'close',
  });
  response.end(`Refused: ${reason}.\n`);
}

/**
 * @param {import('node:stream').Duplex} socket
 * @param {string} reason
 */
function refuseUpgrade(socket, reason) {
  const body = `Refused: ${reason}.\n`;
  socket.end(
    `HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Puts the check in front of every HTTP server of this process, whoever creates it: each request and upgrade event
 * is checked before any listener (the service's own, socket.io's, ws's) hears of it.
 */
export function installBrowserGuard() {
  const emit = http.Server.prototype.emit;
  /** @type {(this: http.Server, event: string | symbol, ...args: any[]) => boolean} */
  function guardedEmit(event, ...args) {
    if (event === 'request' || event === 'upgrade') {
      const reason = browserRefusal(args[0]);
      if (reason !== undefined) {
        if (event === 'request') refuseRequest(args[1], reason);
        else refuseUpgrade(args[1], reason);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  }
  http.Server.prototype.emit = /** @type {typeof emit} */ (guardedEmit);
}
