import { fetchPushKey, removePushSubscription, savePushSubscription } from '../api/alerts-api';

/**
 * Web Push on this device (issue 43): whether it can be had, whether it is on, and turning it on and off. A
 * subscription belongs to the app's service worker (its registration at `/`); the server keeps it for the signed-in
 * person (several devices each), and pushes alert matches, new messages and request changes to it.
 */

export type DevicePushState =
  /** No service worker, PushManager or Notification here (an iPhone's Safari outside the Home Screen, say). */
  | 'unsupported'
  /** The person blocked Basha's notifications: only the browser's site settings can allow them again. */
  | 'denied'
  | 'off'
  | 'on';

function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The app's worker's registration (the page's scope), if it has one: the dev server and a first load may not yet. */
async function appRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** What the switch shows; `subscription` is this device's, when it is on. */
export async function readDevicePush(): Promise<{ state: DevicePushState; subscription?: PushSubscription }> {
  if (!pushSupported()) return { state: 'unsupported' };
  if (Notification.permission === 'denied') return { state: 'denied' };
  const registration = await appRegistration();
  if (!registration) return { state: 'unsupported' };
  const subscription = await registration.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? { state: 'on', subscription } : { state: 'off' };
}

/** A base64url key (the server's VAPID public key) as the bytes PushManager.subscribe takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/**
 * Turns notifications on: asks the browser's permission (only here, on the person's tap), subscribes with the server's
 * key and tells the server. A subscription made for another key (the server's keys changed) is replaced. Answers the
 * state it ends in: 'denied' when the person said no.
 */
export async function turnDevicePushOn(): Promise<DevicePushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const registration = await appRegistration();
  if (!registration) return 'unsupported';
  const key = base64UrlToBytes(await fetchPushKey());
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await savePushSubscription(subscription.toJSON());
  return 'on';
}

/** Turns notifications off: the server forgets this device first, so a failure leaves both sides as they were. */
export async function turnDevicePushOff(subscription: PushSubscription): Promise<DevicePushState> {
  await removePushSubscription(subscription.endpoint);
  await subscription.unsubscribe();
  return 'off';
}

/** Tells the server again of this device's subscription (harmless when it has it: the PUT answers 200). */
export async function confirmDevicePush(subscription: PushSubscription): Promise<void> {
  await savePushSubscription(subscription.toJSON());
}
