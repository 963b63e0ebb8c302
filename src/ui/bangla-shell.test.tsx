import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxErrorText, queuedMessage } from '@/domain/outbox';
import { photoUploadText } from '@/domain/upload-progress';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { fromDisplayDate } from './date-picker';
import { OfflineBanner } from './offline-banner';
import { Stars } from './stars';
import { WaitingBadge } from './waiting-badge';

// The shell's words on a Bangla page: Bangla text, Bangla digits; English stays as the spec has it.

describe('the shared UI in Bangla', () => {
  beforeEach(() => overwriteGetLocale(() => 'bn'));
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('shows the offline banner and the outbox marks in Bangla', () => {
    const now = Date.now();
    const banner = renderToStaticMarkup(
      <OfflineBanner savedAt={now - 5 * 60_000} onRefresh={() => undefined} refreshing={false} />,
    );
    expect(banner).toContain('অফলাইন: ৫ মিনিট আগে সংরক্ষিত বিজ্ঞাপন দেখাচ্ছে');
    expect(banner).toContain('রিফ্রেশ করুন');
    expect(renderToStaticMarkup(<WaitingBadge status="waiting" />)).toContain('পাঠানোর অপেক্ষায়');
    expect(renderToStaticMarkup(<Stars value={4.5} />)).toContain('aria-label="৫-এর মধ্যে ৪.৫"');
  });

  it('says why a post waits, with Bangla digits', () => {
    expect(queuedMessage('rent-ad', 'offline')).toBe(
      'আপনি অফলাইনে আছেন। আপনার ভাড়ার বিজ্ঞাপন এই ফোনে সংরক্ষিত আছে, সংযোগ ফিরলেই পাঠানো হবে।',
    );
    expect(outboxErrorText('Server answered 503')).toBe('সার্ভারের উত্তর ৫০৩');
    expect(outboxErrorText('No connection')).toBe('সংযোগ নেই');
    expect(photoUploadText({ done: 2, total: 5, slow: false })).toBe(
      'ছবি আপলোড হচ্ছে... ৫টির মধ্যে ২টি ছবি পাঠানো হয়েছে',
    );
  });

  it('takes a date typed in Bangla digits', () => {
    expect(fromDisplayDate('২৫/০৭/১৯৯৮')).toBe('1998-07-25');
  });
});

describe('the shared UI in English', () => {
  it('keeps the spec words', () => {
    expect(outboxErrorText('Server answered 503')).toBe('Server answered 503');
    expect(photoUploadText({ done: 1, total: 1, slow: true })).toBe(
      'Slow connection: still sending, 1 of 1 photo sent',
    );
    expect(renderToStaticMarkup(<WaitingBadge status="failed" />)).toContain('Not sent');
  });
});
