import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits for `work` to settle, or for `graceMs` to pass, whichever comes first: how long a
 * stopping worker lets what it started finish before telling it to give up.
 */
export async function withinGrace(work: Promise<unknown>, graceMs: number): Promise<void> {
  if (graceMs <= 0) return;
  const timer = new AbortController();
  try {
    await Promise.race([work, sleep(graceMs, undefined, { signal: timer.signal, ref: false })]);
  } finally {
    timer.abort();
  }
}
