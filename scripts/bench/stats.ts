/** Small statistics for benchmark samples: nearest-rank percentiles, so a figure is always a real sample. */

/** The p-th percentile (0 < p ≤ 100) by nearest rank; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

/** The median: the middle sample, or the mean of the two middle ones. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export interface Summary {
  samples: number;
  median: number;
  p95: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  return {
    samples: samples.length,
    median: round(median(samples)),
    p95: round(percentile(samples, 95)),
    max: round(samples.length ? Math.max(...samples) : Number.NaN),
  };
}

/** Rounds to `digits` decimals (benchmark figures carry no more precision than that). */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
