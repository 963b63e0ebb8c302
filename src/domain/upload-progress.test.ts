import { describe, expect, it } from 'vitest';
import { classifyFailure, OFFLINE_REASON, queuedMessage, SLOW_CONNECTION_REASON } from './outbox';
import {
  isSlowTransfer,
  outboxPhotoText,
  photoUploadText,
  savedPhotoProgress,
  uploadDeadlineMs,
} from './upload-progress';

describe('photo upload time limits (issue 24, point 2)', () => {
  it('grows the overall limit with the bytes instead of a fixed 30 s', () => {
    expect(uploadDeadlineMs(0)).toBe(30_000);
    // A 150 KB photo on EDGE (25 KB/s) needs 6 s; at the pessimistic 2 KB/s the limit is 75 s more.
    expect(uploadDeadlineMs(150_000)).toBe(105_000);
    // A 1 MB photo on GPRS (5 KB/s) needs 210 s: well inside.
    expect(uploadDeadlineMs(1_048_576)).toBeGreaterThan(210_000 + 30_000);
    expect(uploadDeadlineMs(2_000_000)).toBeGreaterThan(uploadDeadlineMs(1_000_000));
  });

  it('calls a link slow only after a few seconds below 50 KB/s', () => {
    expect(isSlowTransfer(10_000, 1_000)).toBe(false);
    expect(isSlowTransfer(125_000, 5_000)).toBe(true); // EDGE: 25 KB/s
    expect(isSlowTransfer(1_000_000, 5_000)).toBe(false); // 3G: 200 KB/s
  });
});

describe('honest words for a slow connection', () => {
  it('counts photos sent, and says when the connection is slow', () => {
    expect(photoUploadText({ done: 2, total: 5, slow: true })).toBe(
      'Slow connection: still sending, 2 of 5 photos sent',
    );
    expect(photoUploadText({ done: 0, total: 5, slow: false })).toBe('Uploading photos... 0 of 5 photos sent');
    expect(photoUploadText({ done: 0, total: 1, slow: false })).toBe('Uploading photos... 0 of 1 photo sent');
  });

  it('reads what earlier attempts sent from the saved progress', () => {
    const saved = savedPhotoProgress({ imageUrls: ['/a', '/b'], slowConnection: true }, 5);
    expect(saved).toEqual({ done: 2, total: 5, slow: true });
    expect(outboxPhotoText(false, saved)).toBe('2 of 5 photos sent');
    expect(outboxPhotoText(true, saved)).toBe('Slow connection: still sending, 2 of 5 photos sent');
    expect(outboxPhotoText(true, savedPhotoProgress({}, 5))).toBe('Uploading photos... 0 of 5 photos sent');
    expect(outboxPhotoText(false, savedPhotoProgress({}, 5))).toBeUndefined();
    expect(outboxPhotoText(false, savedPhotoProgress({ imageUrls: ['/a'] }, 1))).toBeUndefined();
    expect(outboxPhotoText(true, savedPhotoProgress({}, 0))).toBeUndefined();
  });

  it('tells a time-out of a moving upload apart from no connection', () => {
    expect(classifyFailure({ status: 0, slow: true })).toEqual({ type: 'retry', reason: SLOW_CONNECTION_REASON });
    expect(classifyFailure({ status: 0 })).toEqual({ type: 'retry', reason: OFFLINE_REASON });
    expect(queuedMessage('rent-ad', 'slow')).toMatch(/^Slow connection: your rent ad is saved on this phone/);
    expect(queuedMessage('rent-ad', 'slow')).not.toMatch(/offline/i);
  });
});
