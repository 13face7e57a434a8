// What an idle service costs its machine: the service as `npm start` runs it, on the embedded
// database, started and left alone, its process's CPU time over a while. With BEFORE=<another
// checkout> that checkout's service is measured too, in alternating rounds. Run with
// `npx tsx bench/idle.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, spawnService } from '#server/testing/service-process';
import { printTable } from './table';
import { builtService, removeBuilds } from './kit/built';
import { cpuMsOf } from './kit/cpu';

const seconds = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
/** After start-up (the database's files, the first statistics) the service is left this long. */
const SETTLE_MS = 5000;

async function idleCpuMs(args: string[]): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-idle-'));
  const svc = await spawnService({ DATA_DIR: dataDir }, await freePort(), undefined, args);
  try {
    await sleep(SETTLE_MS);
    const before = cpuMsOf(svc.child.pid ?? 0);
    await sleep(seconds * 1000);
    return cpuMsOf(svc.child.pid ?? 0) - before;
  } finally {
    await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const builds = [{ name: 'this build', args: builtService(process.cwd(), 'idle') }];
if (process.env.BEFORE) {
  builds.push({ name: 'before', args: builtService(resolve(process.env.BEFORE), 'idle-before') });
}
const results = new Map<string, number[]>(builds.map((b) => [b.name, []]));
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const build of builds) results.get(build.name)?.push(await idleCpuMs(build.args));
  }
} finally {
  removeBuilds();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(
  `\nThe service idle on embedded PGlite, ${seconds} s after ${SETTLE_MS / 1000} s settling\n`,
);
printTable(
  ['build', 'CPU ms per round (each)', 'median CPU ms', 'of one core'],
  builds.map(({ name }) => {
    const each = results.get(name) ?? [];
    return [
      name,
      each.join(', '),
      String(median(each)),
      `${((median(each) / (seconds * 1000)) * 100).toFixed(1)} %`,
    ];
  }),
);
