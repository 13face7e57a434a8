import { describe, expect, it } from 'vitest';
import { LATENCY_BOUNDS_MS, latencyBucket, latencyPercentile } from './webhook-stats';

const histogramOf = (durations: number[]) => {
  const h = LATENCY_BOUNDS_MS.map(() => 0);
  for (const d of durations) h[latencyBucket(d)] = (h[latencyBucket(d)] ?? 0) + 1;
  return h;
};

describe('latency histogram', () => {
  it('puts a duration in the bucket of the last bound at or below it', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(4)).toBe(LATENCY_BOUNDS_MS.indexOf(4));
    expect(latencyBucket(119)).toBe(LATENCY_BOUNDS_MS.indexOf(100));
    expect(latencyBucket(150)).toBe(LATENCY_BOUNDS_MS.indexOf(150));
    expect(latencyBucket(60_000)).toBe(LATENCY_BOUNDS_MS.length - 1);
  });

  it('answers a percentile by nearest rank as the upper edge of its bucket', () => {
    // 98 fast, 2 slow: p50 is fast, p99 (the 99th of 100) is slow.
    const h = histogramOf([...Array.from({ length: 98 }, () => 3), 120, 800]);
    expect(latencyPercentile(h, 0.5)).toBe(4);
    expect(latencyPercentile(h, 0.98)).toBe(4);
    expect(latencyPercentile(h, 0.99)).toBe(150);
    expect(latencyPercentile(h, 1)).toBe(1000);
    expect(latencyPercentile(histogramOf([20_000]), 0.5)).toBe(15_000);
    expect(latencyPercentile(histogramOf([]), 0.5)).toBeNull();
  });
});
