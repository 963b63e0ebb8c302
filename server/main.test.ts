import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, UserRecord } from '../src/domain/user';
import { startServer } from './main';
import { DEMO_PASSWORD, DEMO_PHONE_NUMBER_E164, DEMO_PHONE_USER, DEMO_USERS } from './seed/demo-data';
import { emulatorPhoneSignIn } from './test/emulator-phone';
import { anyFreePort } from './test/global-setup';
import { emulatorSignIn } from './test/emulator-auth';
import { testConfig } from './test/test-app';

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function call<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<ApiEnvelope<T>> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const response = await fetch(url, { ...init, headers });
  return (await response.json()) as ApiEnvelope<T>;
}

describe('startServer', () => {
  it('migrates a fresh data folder, seeds signable demo users, and keeps them across a restart', async () => {
    const config = { ...testConfig({ DEMO_DATA: 'on', HOST: '127.0.0.1' }), port: await anyFreePort() };
    dataDirs.push(config.dataDir);

    const first = await startServer(config);
    try {
      expect(first.url).toBe(`http://127.0.0.1:${config.port}`);
      expect(await call(`${first.url}/api/v1/health`)).toMatchObject({ success: true, data: { database: 'up' } });

      // A demo user signs in exactly as the browser would.
      const demo = DEMO_USERS[0]!;
      const idToken = await emulatorSignIn(demo.email, DEMO_PASSWORD);
      const found = await call<{ _id: string }[]>(`${first.url}/api/v1/user/find-id`, {
        method: 'POST',
        token: idToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demo.email }),
      });
      const id = found.data?.[0]?._id ?? '';
      const session = await call<string>(`${first.url}/api/v1/user/sign-in-token/${id}`, {
        method: 'POST',
        token: idToken,
      });
      const profile = await call<UserRecord>(`${first.url}/api/v1/user/find-info/${id}`, { token: session.data ?? '' });
      expect(profile.data).toMatchObject({ name: demo.name, email: demo.email, isVerified: true });
      // Left open: close() below must end it, or the server would wait for it forever.
      const stream = await fetch(`${first.url}/api/v1/events`, {
        headers: { authorization: `Bearer ${session.data}` },
      });
      expect(stream.status).toBe(200);

      // The demo phone person signs in with a code the emulator issues (README, "Signing in with a phone number").
      const emulator = config.firebase.emulator!;
      const target = { origin: `http://${emulator.host}:${emulator.port}`, projectId: config.firebase.projectId };
      const byPhone = await emulatorPhoneSignIn(target, DEMO_PHONE_NUMBER_E164);
      const phoneFound = await call<{ _id: string }[]>(`${first.url}/api/v1/user/find-id`, {
        method: 'POST',
        token: byPhone.idToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber: DEMO_PHONE_USER.phoneNumber }),
      });
      const phoneId = phoneFound.data?.[0]?._id ?? '';
      const phoneSession = await call<string>(`${first.url}/api/v1/user/sign-in-token/${phoneId}`, {
        method: 'POST',
        token: byPhone.idToken,
      });
      const phoneProfile = await call<UserRecord>(`${first.url}/api/v1/user/find-info/${phoneId}`, {
        token: phoneSession.data ?? '',
      });
      expect(phoneProfile.data).toMatchObject({
        name: DEMO_PHONE_USER.name,
        email: null,
        phoneNumber: DEMO_PHONE_USER.phoneNumber,
        phoneVerified: true,
      });

      // The emulator's accounts were exported for its next start.
      expect(existsSync(path.join(config.dataDir, 'firebase-auth', 'firebase-export-metadata.json'))).toBe(true);
    } finally {
      await first.close();
    }

    const second = await startServer(config);
    try {
      const idToken = await emulatorSignIn(DEMO_USERS[1]!.email, DEMO_PASSWORD);
      const found = await call<{ _id: string }[]>(`${second.url}/api/v1/user/find-id`, {
        method: 'POST',
        token: idToken,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_USERS[1]!.email }),
      });
      expect(found.data).toHaveLength(1);
    } finally {
      await second.close();
    }
    // The port is free again once close() resolved.
    const again = await startServer(config);
    await again.close();
    // Three starts on a data folder of its own, the first making a new PGlite (initdb, migrations, demo data):
    // on a loaded machine that takes longer than the default 20 s.
  }, 120_000);

  it('lists three demo users in Dhaka or Chattogram with the documented password', () => {
    expect(DEMO_USERS.map((user) => user.email)).toEqual([
      'ayesha@demo.basha.app',
      'karim@demo.basha.app',
      'nusrat@demo.basha.app',
    ]);
    for (const user of DEMO_USERS) {
      expect(user.password).toBe('basha-demo-123');
      expect(['Dhaka', 'Chattogram']).toContain(user.address.city);
      expect(user.phoneNumber).toMatch(/^\+880 1[3-9]/);
    }
  });
});
