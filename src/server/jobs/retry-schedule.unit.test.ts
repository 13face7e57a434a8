import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, parseRetryAfter, retryDelayMs } from './retry-schedule';

describe('retry schedule', () => {
  it('has 8 attempts: the first and 7 retries', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect(RETRY_DELAYS_MS.map((d) => d / 1000)).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(retryDelayMs(8, undefined)).toBeUndefined();
  });

  it('jitters by ±20 %', () => {
    expect(retryDelayMs(1, undefined, () => 0)).toBe(4000);
    expect(retryDelayMs(1, undefined, () => 0.5)).toBe(5000);
    expect(retryDelayMs(1, undefined, () => 1)).toBe(6000);
    expect(retryDelayMs(7, undefined, () => 0)).toBe(36000 * 800);
  });

  it('clamps Retry-After between the scheduled delay and twice it or an hour, the longer', () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, 0, mid)).toBe(5000);
    expect(retryDelayMs(1, 7000, mid)).toBe(7000);
    expect(retryDelayMs(1, 120_000, mid)).toBe(120_000);
    expect(retryDelayMs(1, 86_400_000, mid)).toBe(3_600_000);
    expect(retryDelayMs(2, 86_400_000, mid)).toBe(3_600_000);
    expect(retryDelayMs(4, 86_400_000, mid)).toBe(4 * 3_600_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const wall = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', wall)).toBe(120_000);
    expect(parseRetryAfter(' 3 ', wall)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:01:00 GMT', wall)).toBe(60_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', wall)).toBe(0);
    expect(parseRetryAfter('soon', wall)).toBeUndefined();
    expect(parseRetryAfter('-5', wall)).toBeUndefined();
    expect(parseRetryAfter(undefined, wall)).toBeUndefined();
  });
});
