import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TEST_FIREBASE_PROJECT_ID } from '../../server/test/global-setup';

/**
 * The Auth emulator and maildev of the test run (server/test/global-setup.ts starts them as `npm start` does, with
 * the browser guard loaded): what another site's page in this machine's browser gets from them (issue 38, point 2).
 * Each request is sent as that browser would send it, headers included; the test suites' own requests send none
 * of them and still pass.
 */

const FOREIGN = 'https://evil.example';
const PASSWORD = 'guarded-password-1';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request with exactly these headers (fetch would not send Host or an Origin of our choosing). */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A WebSocket handshake; answers the status line's code (101 when the upgrade was accepted). */
function upgrade(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

const grants = (headers: IncomingHttpHeaders) =>
  Object.keys(headers).filter((name) => name.startsWith('access-control-'));

const json = { 'content-type': 'application/json' };
const admin = { ...json, authorization: 'Bearer owner' };
const emulatorPort = () => inject('authEmulatorPort');
const hubPort = () => inject('authEmulatorHubPort');
const maildevPort = () => inject('maildevWebPort');
const projectPath = `/identitytoolkit.googleapis.com/v1/projects/${TEST_FIREBASE_PROJECT_ID}`;

async function newAccount(): Promise<string> {
  const email = `guarded-${crypto.randomUUID()}@example.com`;
  const created = await send(
    emulatorPort(),
    'POST',
    '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any',
    json,
    JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  );
  expect(created.status, created.body).toBe(200);
  return email;
}

const listAccounts = (headers: Record<string, string> = {}) =>
  send(emulatorPort(), 'POST', `${projectPath}/accounts:query`, { ...admin, ...headers }, '{}');

describe('the Auth emulator', () => {
  it("refuses another site's page that would read every account with its password", async () => {
    const email = await newAccount();
    for (const headers of [{ origin: FOREIGN }, { origin: 'null' }, { origin: 'http://localhost:8080' }]) {
      const refused = await listAccounts(headers);
      expect(refused.status, headers.origin).toBe(403);
      expect(refused.body).not.toContain(email);
      expect(grants(refused.headers)).toEqual([]);
    }
    // The same request without an Origin, as the test suites and firebase-admin send it.
    const listed = await listAccounts();
    expect(listed.status).toBe(200);
    expect(listed.body).toContain(email);
    expect(listed.body).toContain(PASSWORD);
  });

  it("refuses another site's page that would set a password, and the password stays", async () => {
    const email = await newAccount();
    const found = JSON.parse((await listAccounts()).body) as { userInfo: { email: string; localId: string }[] };
    const localId = found.userInfo.find((account) => account.email === email)?.localId;
    expect(localId).toBeDefined();
    const refused = await send(
      emulatorPort(),
      'POST',
      `${projectPath}/accounts:update`,
      { ...admin, origin: FOREIGN },
      JSON.stringify({ localId, password: 'taken-over-1' }),
    );
    expect(refused.status).toBe(403);
    const signIn = await send(
      emulatorPort(),
      'POST',
      '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any',
      json,
      JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    );
    expect(signIn.status, signIn.body).toBe(200);
  });

  it('grants no preflight, Private Network Access included', async () => {
    for (const port of [emulatorPort(), hubPort()]) {
      const preflight = await send(port, 'OPTIONS', `${projectPath}/accounts:query`, {
        origin: FOREIGN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
        'access-control-request-private-network': 'true',
      });
      expect(preflight.status).toBe(403);
      expect(grants(preflight.headers)).toEqual([]);
    }
  });

  it('refuses the hub to other sites too, and answers this machine', async () => {
    expect((await send(hubPort(), 'GET', '/emulators', { origin: FOREIGN })).status).toBe(403);
    expect((await send(hubPort(), 'GET', '/emulators')).status).toBe(200);
  });
});

describe('maildev', () => {
  it("refuses another site's page that would read the codes and reset links", async () => {
    const refused = await send(maildevPort(), 'GET', '/email', { origin: FOREIGN });
    expect(refused.status).toBe(403);
    expect(grants(refused.headers)).toEqual([]);
    expect((await send(maildevPort(), 'DELETE', '/email/all', { origin: FOREIGN })).status).toBe(403);
    const listed = await send(maildevPort(), 'GET', '/email');
    expect(listed.status).toBe(200);
    expect(Array.isArray(JSON.parse(listed.body))).toBe(true);
  });

  it('grants no preflight, Private Network Access included', async () => {
    const preflight = await send(maildevPort(), 'OPTIONS', '/email', {
      origin: FOREIGN,
      'access-control-request-method': 'GET',
      'access-control-request-private-network': 'true',
    });
    expect(preflight.status).toBe(403);
    expect(grants(preflight.headers)).toEqual([]);
  });

  it("serves its own inbox page, and refuses requests another site's page sends without an Origin", async () => {
    const own = `http://localhost:${maildevPort()}`;
    expect(
      (await send(maildevPort(), 'GET', '/email', { origin: own, host: `localhost:${maildevPort()}` })).status,
    ).toBe(200);
    // An image or script tag of another site, and a DNS-rebinding page reaching 127.0.0.1 under its own name.
    expect((await send(maildevPort(), 'GET', '/email', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await send(maildevPort(), 'GET', '/email', { host: `evil.example:${maildevPort()}` })).status).toBe(403);
  });

  it("refuses another site's WebSocket to the inbox's live feed, and keeps the inbox page's", async () => {
    const feed = '/socket.io/?EIO=4&transport=websocket';
    expect(await upgrade(maildevPort(), feed, { origin: FOREIGN })).toBe(403);
    expect(await upgrade(maildevPort(), feed, { origin: `http://127.0.0.1:${maildevPort()}` })).toBe(101);
  });
});
