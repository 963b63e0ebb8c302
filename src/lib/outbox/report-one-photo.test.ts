import { describe, expect, it } from 'vitest';
import { SLOW_AFTER_MS } from '@/domain/upload-progress';
import { reportOnePhoto } from './report-one-photo';

describe('reportOnePhoto', () => {
  it('says the link is slow once a photo crawls for longer than the grace time, and keeps saying it', () => {
    let now = 0;
    const seen: boolean[] = [];
    const progress = reportOnePhoto(
      { reportUploadProgress: (_fraction, photos) => seen.push(photos!.slow) },
      100_000,
      () => now,
    );
    progress.onProgress({ loaded: 10, total: 100 }); // 10 KB at once: a burst, not judged yet
    now = SLOW_AFTER_MS + 1000;
    progress.onProgress({ loaded: 20, total: 100 }); // 20 KB in 6 s: slow
    now += 1000;
    progress.onProgress({ loaded: 100, total: 100 });
    progress.sent();
    expect(seen).toEqual([false, false, true, true, true]);
  });
});
