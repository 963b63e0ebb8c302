import { BASE_URL } from './stack';

/**
 * Firebase Auth REST calls through the app's own origin (the server proxies the Auth emulator), for tests
 * that need real ID tokens without a browser.
 */
async function identityCall(
  method: string,
  body: Record<string, unknown>,
): Promise<{ idToken: string; localId: string }> {
  const response = await fetch(`${BASE_URL}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  if (!response.ok) throw new Error(`accounts:${method} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { idToken: string; localId: string };
}

export function signUpIdentity(email: string, password: string) {
  return identityCall('signUp', { email, password });
}

export function signInIdentity(email: string, password: string) {
  return identityCall('signInWithPassword', { email, password });
}
