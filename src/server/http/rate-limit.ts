import type { RateLimitRule } from '../config';
import { ServiceError } from './service-error';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters in this process's memory. With several service processes each counts on
 * its own, so the effective limit is the configured one times the number of processes.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number) {}

  /** Counts one request of `key` under `rule`; throws RESOURCE_EXHAUSTED past the limit. */
  hit(key: string, rule: RateLimitRule, message: string): void {
    const window = this.current(key, rule);
    window.count += 1;
    if (window.count > rule.max) throw this.refusal(window, message);
  }

  /** Counts one request of `key` without refusing it (a failure that is answered as it is). */
  count(key: string, rule: RateLimitRule): void {
    this.current(key, rule).count += 1;
  }

  /** Throws RESOURCE_EXHAUSTED when `key` has used its window up, without counting. */
  check(key: string, rule: RateLimitRule, message: string): void {
    const window = this.windows.get(key);
    if (window && window.resetAt > this.now() && window.count >= rule.max) {
      throw this.refusal(window, message);
    }
  }

  private current(key: string, rule: RateLimitRule): Window {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      if (this.windows.size > 50_000) this.sweep(now);
      window = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  private refusal(window: Window, message: string): ServiceError {
    const retryAfter = Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
    return new ServiceError('RESOURCE_EXHAUSTED', message, { 'retry-after': String(retryAfter) });
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/** The specification's two messages; the first only where the window really is one minute. */
export function limitMessage(rule: RateLimitRule): string {
  return rule.windowMs === 60_000
    ? 'Rate limit exceeded. Try again after 1 minute.'
    : 'Rate limit exceeded for this endpoint. Try again later.';
}
