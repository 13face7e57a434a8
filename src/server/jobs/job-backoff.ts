import { JITTER } from './retry-schedule';

const second = 1000;
const minute = 60 * second;

/** Waits after the 1st, 2nd, … failed run of a task; later failures wait as long as the last. */
export const JOB_RETRY_DELAYS_MS = [
  1 * second,
  5 * second,
  30 * second,
  2 * minute,
  10 * minute,
] as const;

/** Runs of a task before it, and its job, fail, unless the kind sets its own. */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** How long to wait after the `failedRuns`-th failed run, ±20 % so that retries spread out. */
export function jobRetryDelayMs(failedRuns: number, random: () => number = Math.random): number {
  const index = Math.min(Math.max(failedRuns, 1), JOB_RETRY_DELAYS_MS.length) - 1;
  const base = JOB_RETRY_DELAYS_MS[index] ?? 0;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}
