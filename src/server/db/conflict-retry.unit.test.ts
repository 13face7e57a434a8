import { describe, expect, it } from 'vitest';
import { MAX_CONFLICT_ATTEMPTS, retryOnConflict } from './conflict-retry';

/** A failure as the drivers report PostgreSQL's: drizzle's error, the server's as its cause. */
function serverError(code: string): Error {
  const cause = Object.assign(new Error(`failed with ${code}`), { code, severity: 'ERROR' });
  return new Error('Failed query: …', { cause });
}

describe('retryOnConflict', () => {
  it('runs a transaction again after a deadlock or a serialization failure, and answers its answer', async () => {
    for (const code of ['40P01', '40001']) {
      const seen: [string, number][] = [];
      let runs = 0;
      const answer = await retryOnConflict(
        () => {
          runs += 1;
          return runs === 1 ? Promise.reject(serverError(code)) : Promise.resolve('done');
        },
        (state, attempt) => seen.push([state, attempt]),
      );
      expect(answer).toBe('done');
      expect(runs).toBe(2);
      expect(seen).toEqual([[code, 2]]);
    }
  });

  it(`gives up after ${MAX_CONFLICT_ATTEMPTS} runs with the last failure`, async () => {
    let runs = 0;
    const last = serverError('40P01');
    await expect(
      retryOnConflict(
        () => {
          runs += 1;
          return Promise.reject(runs === MAX_CONFLICT_ATTEMPTS ? last : serverError('40P01'));
        },
        () => undefined,
      ),
    ).rejects.toBe(last);
    expect(runs).toBe(MAX_CONFLICT_ATTEMPTS);
  });

  it('never runs again what failed for another reason, nor a socket error that has a code', async () => {
    const failures = [
      serverError('23505'),
      new Error('refused'),
      Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }),
    ];
    for (const failure of failures) {
      let runs = 0;
      await expect(
        retryOnConflict(
          () => {
            runs += 1;
            return Promise.reject(failure);
          },
          () => undefined,
        ),
      ).rejects.toBe(failure);
      expect(runs).toBe(1);
    }
  });
});
