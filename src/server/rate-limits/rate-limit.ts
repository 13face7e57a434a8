import type { RateLimitRule } from '../config/config';
import { ServiceError } from '../http/service-error';

/**
 * Fixed-window counters of requests per key. Asynchronous, because with several service
 * processes on one PostgreSQL the windows are rows every process counts in (db-rate-limit.ts).
 */
export interface RateLimiter {
  /** Counts one request of `key` under `rule`; throws RESOURCE_EXHAUSTED past the limit. */
  hit(key: string, rule: RateLimitRule, message: string): Promise<void>;
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

/** Windows past this many are swept of the ended ones before another is opened. */
const SWEEP_AT = 50_000;
/**
 * Windows kept at most, however many are running: past it the oldest opened are forgotten, so
 * that keys invented by many callers at once cannot exhaust the process's memory.
 */
const MAX_WINDOWS = 200_000;

/**
 * Windows in this process's memory: for the embedded database, which one process opens, so no
 * other process counts beside it and a database round trip per request would buy nothing; and
 * on any database for what this process knows of failures (failure-limit.ts).
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  /** The size past which ended windows are swept; it grows with the running ones. */
  private sweepAt = SWEEP_AT;

  constructor(private readonly now: () => number) {}

  hit(key: string, rule: RateLimitRule, message: string): Promise<void> {
    return new Promise((resolve) => {
      const window = this.add(key, rule);
      if (window.count > rule.max) throw refusal(window, this.now(), message);
      resolve();
    });
  }

  /** Counts one request of `key` and answers its window, refusing nothing. */
  add(key: string, rule: RateLimitRule): Window {
    const window = this.current(key, rule);
    window.count += 1;
    return window;
  }

  /** The window of `key` if one is running, without counting. */
  running(key: string): Window | undefined {
    const window = this.windows.get(key);
    return window && window.resetAt > this.now() ? window : undefined;
  }

  /** Takes `window` as what `key` has counted: another count of the same window (the database's). */
  adopt(key: string, window: Window): void {
    this.open(key, { ...window });
  }

  private current(key: string, rule: RateLimitRule): Window {
    return this.running(key) ?? this.open(key, { count: 0, resetAt: this.now() + rule.windowMs });
  }

  private open(key: string, window: Window): Window {
    if (this.windows.size > this.sweepAt) {
      this.sweep(this.now());
      // Not again at every new window while most are still running.
      this.sweepAt = Math.max(SWEEP_AT, this.windows.size * 2);
    }
    this.windows.delete(key);
    for (const oldest of this.windows.keys()) {
      if (this.windows.size < MAX_WINDOWS) break;
      this.windows.delete(oldest);
    }
    this.windows.set(key, window);
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
