// Summaries for benchmark samples: medians and nearest-rank percentiles, so a p99 over
// 200 samples is an observed sample, never an interpolation between two.

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

export const sum = (samples: readonly number[]): number => samples.reduce((a, b) => a + b, 0);

/** Fixed decimals for the table: whole numbers stay whole. */
export function fmt(value: number, decimals = 1): string {
  if (!Number.isFinite(value)) return 'n/a';
  return Number.isInteger(value) ? String(value) : value.toFixed(decimals);
}

export const ms = (value: number, decimals = 1): string => `${fmt(value, decimals)} ms`;

/** The most timestamps that fall in any rolling window of `windowMs` (a window [t, t + windowMs)). */
export function maxInRollingWindow(times: readonly number[], windowMs = 1000): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while (sorted[last]! - sorted[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
