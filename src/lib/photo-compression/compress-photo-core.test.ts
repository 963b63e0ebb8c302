import { afterEach, describe, expect, it, vi } from 'vitest';
import { compressOn, fittedSize, qualitySteps, type Surface } from './compress-photo-core';

describe('photo compression', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('fits a photo inside the size, keeping its shape, and never enlarges it', () => {
    expect(fittedSize(4000, 3000, { maxWidth: 1600, maxHeight: 1600 })).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3000, 4000, { maxWidth: 800, maxHeight: 600 })).toEqual({ width: 450, height: 600 });
    expect(fittedSize(640, 480, { maxWidth: 1600, maxHeight: 1600 })).toEqual({ width: 640, height: 480 });
  });

  it('tries lower qualities in steps down to 0.5', () => {
    expect(qualitySteps(0.8)).toEqual([0.8, 0.7, 0.6, 0.5]);
    expect(qualitySteps(0.5)).toEqual([0.5]);
  });

  it('draws at the fitted size and lowers the quality until the photo is small enough', async () => {
    const close = vi.fn();
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 4000, height: 2000, close })),
    );
    const drawn: number[][] = [];
    const tried: number[] = [];
    const surface = (width: number, height: number): Surface => ({
      draw: (_bitmap, w, h) => drawn.push([width, height, w, h]),
      encode: async (quality) => {
        tried.push(quality);
        return new Blob([new Uint8Array(Math.round(quality * 1000))]);
      },
    });
    const result = await compressOn(
      new Blob(['x']),
      { maxWidth: 1600, maxHeight: 1600, quality: 0.8, maxBytes: 650 },
      surface,
    );
    expect(drawn).toEqual([[1600, 800, 1600, 800]]);
    expect(tried).toEqual([0.8, 0.7, 0.6]);
    expect(result).toMatchObject({ width: 1600, height: 800 });
    expect(result.blob.size).toBe(600);
    expect(close).toHaveBeenCalled();
  });

  it('keeps the smallest encoding when even the lowest quality is over the aim', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 100, height: 100, close: vi.fn() })),
    );
    const surface = (): Surface => ({
      draw: () => undefined,
      encode: async (quality) => new Blob([new Uint8Array(Math.round(quality * 1000))]),
    });
    const result = await compressOn(
      new Blob(['x']),
      { maxWidth: 50, maxHeight: 50, quality: 0.7, maxBytes: 10 },
      surface,
    );
    expect(result.blob.size).toBe(500);
  });
});
