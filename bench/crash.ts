// Crash rounds, full profile (issue 16): the service is killed with SIGKILL at a random moment
// while bulk adds are answered, webhook messages delivered, a document migration and a user
// erasure run, then restarted on the same data, twenty times. Each round checks that every
// acknowledged comment is stored and delivered, and that every acknowledged job completed with
// the result of an uninterrupted run. `npx tsx bench/crash.ts`; ROUNDS (default 20), CRASH_SEED
// (replays a run); on PostgreSQL with DATABASE_URL set (an empty database), else embedded.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCrashRounds } from '#server/testing/crash-rounds';
import { freePort, spawnService } from '#server/testing/service-process';
import { startReceiver } from '#server/testing/webhook-receiver';
import { printTable } from './table';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const seed = Number(process.env.CRASH_SEED ?? Date.now() % 100_000);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-crash-'));
const env: Record<string, string> = {
  DATA_DIR: dataDir,
  SVC_MASTER_KEY: '7'.repeat(64),
  WEBHOOK_ALLOW_PRIVATE: 'true',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const port = await freePort();
const rx = await startReceiver();
try {
  const rounds = await runCrashRounds({
    rounds: ROUNDS,
    seed,
    receiver: rx,
    start: () => spawnService(env, port),
    log: (line) => console.log(line),
  });
  console.log(
    `\n${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}; ${ROUNDS} rounds, seed ${seed} (CRASH_SEED replays it)\n`,
  );
  printTable(
    [
      'round',
      'kill after ms',
      'calls acked',
      'comments acked',
      'jobs acked',
      'delivered before kill',
      'comments lost',
      'messages lost',
      'jobs unfinished',
      'wrong results',
      'recovery ms',
    ],
    rounds.map((r) => [
      String(r.round),
      String(r.killAfterMs),
      String(r.acknowledgedCalls),
      String(r.acknowledgedComments),
      String(r.jobsAcknowledged),
      String(r.deliveredBeforeKill),
      String(r.lostComments),
      String(r.lostMessages),
      String(r.unfinishedJobs),
      String(r.wrongResults),
      String(r.recoveryMs),
    ]),
  );
  const failed = rounds.filter(
    (r) => r.lostComments + r.lostMessages + r.unfinishedJobs + r.wrongResults > 0,
  );
  console.log(
    failed.length === 0 ? '\nno round lost anything' : `\n${failed.length} rounds failed`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
} finally {
  await rx.close();
  rmSync(dataDir, { recursive: true, force: true });
}
