const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

/** Waits after the 1st, 2nd, … failed attempt; after the last one the message is failed. */
export const RETRY_DELAYS_MS = [
  5 * second,
  5 * minute,
  30 * minute,
  2 * hour,
  5 * hour,
  10 * hour,
  10 * hour,
] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** ±20 %: receivers that failed together do not all get their retries in the same instant. */
export const JITTER = 0.2;

/** Answers whose `Retry-After` is honoured: 429 Too Many Requests, 503 Service Unavailable. */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** The longest wait a `Retry-After` may ask for beyond twice the schedule's delay. */
export const RETRY_AFTER_MAX_MS = hour;

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date; undefined when absent or invalid. */
export function parseRetryAfter(value: string | undefined, wallNowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * second;
  // An HTTP date names its weekday and month; anything else (say "-5") is not one.
  if (!/[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - wallNowMs);
}

/**
 * How long to wait after the `failedAttempts`-th failure, or undefined when no retry is left.
 * A receiver's `Retry-After` is honoured within [scheduled, max(2 × scheduled, 1 hour)]: it can
 * slow retries down (an early retry as far as an hour, when the receiver asks), but neither
 * hurry them nor hold a message for much longer than the plan.
 */
export function retryDelayMs(
  failedAttempts: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number | undefined {
  const base = RETRY_DELAYS_MS[failedAttempts - 1];
  if (base === undefined) return undefined;
  const scheduled = base * (1 - JITTER + 2 * JITTER * random());
  const delay =
    retryAfterMs === undefined
      ? scheduled
      : Math.min(Math.max(retryAfterMs, scheduled), Math.max(2 * scheduled, RETRY_AFTER_MAX_MS));
  return Math.round(delay);
}
