import type { RateLimitRule } from '../config';
import { ServiceError } from './service-error';

/**
 * Fixed-window counters of requests per key. Asynchronous, because with several service
 * processes on one PostgreSQL the windows are rows every process counts in (db-rate-limit.ts).
 */
export interface RateLimiter {
  /** Counts one request of `key` under `rule`; throws RESOURCE_EXHAUSTED past the limit. */
  hit(key: string, rule: RateLimitRule, message: string): Promise<void>;
  /** Counts one request of `key` without refusing it (a failure that is answered as it is). */
  count(key: string, rule: RateLimitRule): Promise<void>;
  /** Throws RESOURCE_EXHAUSTED when `key` has used its window up, without counting. */
  check(key: string, rule: RateLimitRule, message: string): Promise<void>;
}

/** A window as both limiters see it: requests counted, and when it ends (epoch ms). */
export interface Window {
  count: number;
  resetAt: number;
}

/** The refusal of a request in `window`, with the seconds until it ends as Retry-After. */
export function refusal(window: Window, now: number, message: string): ServiceError {
  const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
  return new ServiceError('RESOURCE_EXHAUSTED', message, { 'retry-after': String(retryAfter) });
}

/** Runs synchronous work as the interface's promise: what it throws becomes the rejection. */
function settled(work: () => void): Promise<void> {
  return new Promise((resolve) => {
    work();
    resolve();
  });
}

/**
 * Windows in this process's memory: for the embedded database, which one process opens, so no
 * other process counts beside it and a database round trip per request would buy nothing.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number) {}

  hit(key: string, rule: RateLimitRule, message: string): Promise<void> {
    return settled(() => {
      const window = this.current(key, rule);
      window.count += 1;
      if (window.count > rule.max) throw refusal(window, this.now(), message);
    });
  }

  count(key: string, rule: RateLimitRule): Promise<void> {
    return settled(() => {
      this.current(key, rule).count += 1;
    });
  }

  check(key: string, rule: RateLimitRule, message: string): Promise<void> {
    return settled(() => {
      const window = this.windows.get(key);
      const now = this.now();
      if (window && window.resetAt > now && window.count >= rule.max) {
        throw refusal(window, now, message);
      }
    });
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
