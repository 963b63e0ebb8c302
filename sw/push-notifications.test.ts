import { describe, expect, it } from 'vitest';
import {
  appPathOf,
  isShownAlready,
  NOTIFICATION_ICON,
  notificationFor,
  readPushMessage,
  tappedPath,
  windowForTap,
} from './push-notifications';

const ORIGIN = 'https://basha.test';
const read = (payload: unknown) => readPushMessage(JSON.stringify(payload), ORIGIN);

describe("the worker's push messages", () => {
  it('opens only paths of its own origin, never a foreign or script address from a payload', () => {
    expect(appPathOf('/rent/abc', ORIGIN)).toBe('/rent/abc');
    expect(appPathOf('/main/messages/c1?x=1#end', ORIGIN)).toBe('/main/messages/c1?x=1#end');
    expect(appPathOf('https://evil.test/rent/abc', ORIGIN)).toBeUndefined();
    expect(appPathOf('//evil.test/rent', ORIGIN)).toBeUndefined();
    expect(appPathOf('/\\evil.test', ORIGIN)).toBeUndefined();
    expect(appPathOf('javascript:alert(1)', ORIGIN)).toBeUndefined();
    expect(appPathOf('rent/abc', ORIGIN)).toBeUndefined();
    expect(appPathOf(42, ORIGIN)).toBeUndefined();
    expect(appPathOf(`/${'a'.repeat(3000)}`, ORIGIN)).toBeUndefined();
  });

  it('reads a payload without trusting it: a foreign address becomes home, an unknown language English', () => {
    expect(read({ type: 'message', url: 'https://evil.test/', lang: 'fr' })).toEqual({
      type: 'message',
      url: '/',
      lang: 'en',
    });
    expect(read({ type: 'alert', kind: 'rent', count: 3, url: '/main/rent?place=ds-1', lang: 'bn' })).toEqual({
      type: 'alert',
      kind: 'rent',
      count: 3,
      url: '/main/rent?place=ds-1',
      lang: 'bn',
    });
    expect(read({ type: 'later-kind', url: '/main/requests', lang: 'bn' })).toEqual({
      type: 'other',
      url: '/main/requests',
      lang: 'bn',
    });
    expect(readPushMessage('not json', ORIGIN)).toBeUndefined();
    expect(readPushMessage('[1]', ORIGIN)).toBeUndefined();
    expect(readPushMessage(undefined, ORIGIN)).toBeUndefined();
  });

  it('writes the notification in the payload’s language, with the icon, a collapsing tag and the page to open', () => {
    const one = notificationFor(read({ type: 'alert', kind: 'rent', count: 1, url: '/rent/r1', lang: 'en' })!);
    expect(one.title).toBe('Basha alert');
    expect(one.options.body).toBe('A new home to rent matches your alert. Tap to see it.');
    expect(one.options).toMatchObject({
      icon: NOTIFICATION_ICON,
      tag: 'alert:/rent/r1',
      renotify: true,
      data: { url: '/rent/r1' },
    });

    const several = notificationFor(
      read({ type: 'alert', kind: 'service', count: 12, url: '/main/find-service/all', lang: 'bn' })!,
    );
    expect(several.title).toBe('বাসা অ্যালার্ট');
    expect(several.options.body).toContain('১২টি নতুন সেবা');
    expect(several.options.lang).toBe('bn');

    const message = notificationFor(read({ type: 'message', url: '/main/messages/c1', lang: 'en' })!);
    expect(message.title).toBe('New message');
    expect(message.options.tag).toBe('message:/main/messages/c1');
    expect(notificationFor(read({ type: 'request', url: '/main/requests', lang: 'bn' })!).title).toBe('অনুরোধের খবর');
  });

  it('skips a new message only when a focused window is on its thread', () => {
    const message = read({ type: 'message', url: '/main/messages/c1', lang: 'en' })!;
    expect(isShownAlready(message, [{ url: `${ORIGIN}/main/messages/c1`, focused: true }], ORIGIN)).toBe(true);
    expect(isShownAlready(message, [{ url: `${ORIGIN}/main/messages/c1`, focused: false }], ORIGIN)).toBe(false);
    expect(isShownAlready(message, [{ url: `${ORIGIN}/main/messages/c2`, focused: true }], ORIGIN)).toBe(false);
    const alert = read({ type: 'alert', kind: 'rent', count: 1, url: '/rent/r1', lang: 'en' })!;
    expect(isShownAlready(alert, [{ url: `${ORIGIN}/rent/r1`, focused: true }], ORIGIN)).toBe(false);
  });

  it('opens the tapped page in the window already there, else the focused one, else a new one', () => {
    expect(tappedPath({ url: '/main/requests' }, ORIGIN)).toBe('/main/requests');
    expect(tappedPath({ url: 'https://evil.test/' }, ORIGIN)).toBe('/');
    expect(tappedPath(null, ORIGIN)).toBe('/');
    const there = { url: `${ORIGIN}/main/requests`, focused: false };
    const focused = { url: `${ORIGIN}/main/rent`, focused: true };
    const other = { url: `${ORIGIN}/`, focused: false };
    expect(windowForTap([focused, there], '/main/requests', ORIGIN)).toBe(there);
    expect(windowForTap([other, focused], '/main/messages/c1', ORIGIN)).toBe(focused);
    expect(windowForTap([other], '/main/messages/c1', ORIGIN)).toBe(other);
    expect(windowForTap([], '/main/messages/c1', ORIGIN)).toBeUndefined();
  });
});
