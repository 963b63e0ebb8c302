// @vitest-environment jsdom
import { act } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onePhotoUploadText } from '@/domain/one-photo-upload';
import { outboxPhotoText, photoUploadText } from '@/domain/upload-progress';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { mountForTest } from '@/test/mount-for-test';
import { OfflineBanner } from './offline-banner';
import { WaitingBadge } from './waiting-badge';

// What a phone on a bus is told while it has no connection: nothing is "still sending", and nothing is said to be
// missing from the phone before the phone has been read.

const banner = (savedAt: number | null | undefined) =>
  renderToStaticMarkup(<OfflineBanner savedAt={savedAt} onRefresh={() => undefined} refreshing={false} />);

function goOffline(): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
}

afterEach(() => {
  vi.restoreAllMocks();
  overwriteGetLocale(() => 'en');
});

describe('the offline banner', () => {
  it('says only that the person is offline while the phone is still being read, never that nothing is saved', () => {
    expect(banner(undefined)).toContain('You are offline');
    expect(banner(undefined)).not.toContain('no listings saved');
  });

  it('says nothing is saved once the phone is known to hold no listings, and since when otherwise', () => {
    expect(banner(null)).toContain('Offline: no listings saved on this phone yet');
    expect(banner(Date.now() - 5 * 60_000)).toContain('Offline: showing listings saved 5 minutes ago');
  });

  it('speaks Bangla', () => {
    overwriteGetLocale(() => 'bn');
    expect(banner(undefined)).toContain('আপনি অফলাইনে আছেন');
    expect(banner(null)).toContain('এখনো কোনো বিজ্ঞাপন সংরক্ষিত নেই');
  });
});

describe('a post whose attempt the lost connection cut off', () => {
  const screen = mountForTest();

  it('is marked as waiting to send while offline, and as being sent again once online', () => {
    screen.render(<WaitingBadge status="sending" />);
    expect(screen.container.textContent).toBe('Sending...');
    act(goOffline);
    expect(screen.container.textContent).toBe('Waiting to send');
    act(() => {
      vi.restoreAllMocks();
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.container.textContent).toBe('Sending...');
  });

  it('never says "still sending" of its photos offline, only how many went', () => {
    const slow = { done: 2, total: 5, slow: true };
    expect(outboxPhotoText(true, slow)).toBe('Slow connection: still sending, 2 of 5 photos sent');
    expect(outboxPhotoText(true, slow, false)).toBe('2 of 5 photos sent');
    expect(photoUploadText(slow, false)).toBe('No connection: 2 of 5 photos sent; the rest go when it returns');
    expect(onePhotoUploadText('cover', { fraction: 0.42, slow: true }, false)).toBe(
      'No connection: 42% sent; the rest goes when it returns',
    );
  });

  it('says so in Bangla', () => {
    overwriteGetLocale(() => 'bn');
    const slow = { done: 2, total: 5, slow: true };
    expect(photoUploadText(slow, false)).toBe('সংযোগ নেই: ৫টির মধ্যে ২টি ছবি পাঠানো হয়েছে; সংযোগ ফিরলে বাকিগুলো যাবে');
    expect(onePhotoUploadText('profile', { fraction: 0.42, slow: true }, false)).toBe(
      'সংযোগ নেই: ৪২% পাঠানো হয়েছে; সংযোগ ফিরলে বাকিটা যাবে',
    );
  });
});
