import { describe, expect, it } from 'vitest';
import { IdleBackoff, idleBackoffOf } from './idle-backoff';

describe('IdleBackoff', () => {
  it('doubles the wait after each empty pass up to its limit, and starts over when reset', () => {
    const backoff = new IdleBackoff(250, 1000);
    expect([backoff.next(0), backoff.next(0), backoff.next(0), backoff.next(0)]).toEqual([
      250, 500, 1000, 1000,
    ]);
    backoff.reset();
    expect(backoff.next(0)).toBe(250);
  });

  it('is a fixed poll when its limit is its start', () => {
    const backoff = new IdleBackoff(250, 250);
    expect([backoff.next(0), backoff.next(0), backoff.next(0)]).toEqual([250, 250, 250]);
  });

  it('wakes when work it noted comes due, until a pass has looked past that time', () => {
    const backoff = new IdleBackoff(250, 1000);
    backoff.next(0);
    backoff.next(0);
    backoff.dueAt(new Date(10_300));
    backoff.dueAt(new Date(10_700));
    expect(backoff.next(10_000)).toBe(300);
    backoff.looked(10_200);
    expect(backoff.next(10_200)).toBe(100);
    backoff.looked(10_300);
    expect(backoff.next(10_300)).toBe(400);
    backoff.looked(10_700);
    expect(backoff.next(10_700)).toBe(1000);
    // A due time already past is looked for at once.
    backoff.dueAt(new Date(9_000));
    expect(backoff.next(10_400)).toBe(0);
  });

  it('keeps the earliest due times when more are noted than it keeps', () => {
    const backoff = new IdleBackoff(250, 1000);
    for (let i = 100; i > 0; i--) backoff.dueAt(new Date(i * 10));
    for (let i = 1; i <= 32; i++) {
      expect(backoff.next(0)).toBe(Math.min(i * 10, 250 * 2 ** (i - 1), 1000));
      backoff.looked(i * 10);
    }
    expect(backoff.next(0)).toBe(1000);
  });
});

describe('idleBackoffOf', () => {
  it('backs off to a second on the embedded database, polls elsewhere, or takes the limit given', () => {
    const waits = (backoff: IdleBackoff) => [1, 2, 3, 4, 5].map(() => backoff.next(0));
    expect(waits(idleBackoffOf({ pollMs: 250, exclusiveDatabase: true }))).toEqual([
      250, 500, 1000, 1000, 1000,
    ]);
    expect(waits(idleBackoffOf({ pollMs: 250, exclusiveDatabase: false }))).toEqual([
      250, 250, 250, 250, 250,
    ]);
    expect(waits(idleBackoffOf({ pollMs: 20, idleMaxMs: 60, exclusiveDatabase: false }))).toEqual([
      20, 40, 60, 60, 60,
    ]);
  });
});
