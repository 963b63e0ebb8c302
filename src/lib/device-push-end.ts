/**
 * This device's Web Push subscription (issue 43) is the person's who turned notifications on
 * (src/features/alerts/push/device-push.ts). When the person on the phone changes it ends here, in the browser: the
 * push service then refuses the endpoint (404 or 410), and the server forgets it at its next send. No call to the
 * server is needed, so it ends offline too, and the next person is never shown the last one's notifications.
 */
export async function endDevicePushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}
