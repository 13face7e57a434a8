import { describe, expect, it } from 'vitest';
import { runCrashRounds } from '../testing/crash-rounds';
import { seededDataDir, spawnTestService } from '../testing/process-fixtures';
import { freePort } from '../testing/service-process';
import { startReceiver } from '../testing/webhook-receiver';

const dataDir = await seededDataDir('svc-crash-rounds-');

// The fast profile: three rounds on the embedded database (bench/crash.ts runs twenty, on either).
describe.skipIf(process.env.DATABASE_URL)('crash rounds', () => {
  it('loses nothing acknowledged and finishes every job after kill -9 at random moments', async () => {
    const rx = await startReceiver();
    const port = await freePort();
    const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
    try {
      const rounds = await runCrashRounds({
        rounds: 3,
        seed,
        receiver: rx,
        log: (line) => console.log(line),
        start: () => spawnTestService({ DATA_DIR: dataDir, WEBHOOK_ALLOW_PRIVATE: 'true' }, port),
      });
      const context = `seed ${seed} (CRASH_SEED replays it): ${JSON.stringify(rounds)}`;
      for (const round of rounds) {
        expect(round.lostComments, context).toBe(0);
        expect(round.lostMessages, context).toBe(0);
        expect(round.unfinishedJobs, context).toBe(0);
        expect(round.wrongResults, context).toBe(0);
      }
      // The kills came while work was under way, not before or after it.
      expect(
        rounds.some((r) => r.acknowledgedCalls > 0),
        context,
      ).toBe(true);
      expect(
        rounds.some((r) => r.jobsAcknowledged > 0),
        context,
      ).toBe(true);
    } finally {
      await rx.close();
    }
  }, 300_000);
});
