// Start-up time of the service on a fresh and on an existing embedded data directory, and what
// survives `kill -9` while writes are in flight. Run with `npx tsx bench/storage.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnService } from '#server/testing/service-process';
import { printTable } from './table';
import { credentialHeaders } from '#contract/credentials';

const port = await freePort();
const rounds = Number(process.env.ROUNDS ?? 3);
const writers = 8;

interface Created {
  id: string;
  authToken: string;
}

async function create(url: string, n: number): Promise<Created | undefined> {
  try {
    const res = await fetch(`${url}/v2/workspace/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { ownerEmail: `bench.${n}@example.com` } }),
    });
    if (res.status !== 200) return undefined;
    return ((await res.json()) as { result: { data: Created } }).result.data;
  } catch {
    return undefined; // The process died before answering: not acknowledged.
  }
}

async function exists(url: string, ws: Created): Promise<boolean> {
  const res = await fetch(`${url}/v2/workspace/get`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [credentialHeaders.workspaceId]: ws.id,
      [credentialHeaders.workspaceToken]: ws.authToken,
    },
    body: '{}',
  });
  return res.status === 200;
}

const rows: string[][] = [];
for (let round = 1; round <= rounds; round++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-storage-'));
  const fresh = await spawnService({ DATA_DIR: dataDir }, port);
  await fresh.stop();
  const reopened = await spawnService({ DATA_DIR: dataDir }, port);

  // Writers keep creating workspaces; the process is killed while they are in flight.
  const acknowledged: Created[] = [];
  let n = round * 1_000_000;
  let running = true;
  const loops = Array.from({ length: writers }, async () => {
    while (running) {
      const ws = await create(reopened.url, n++);
      if (ws) acknowledged.push(ws);
      else if (!running) break;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await reopened.stop('SIGKILL');
  running = false;
  await Promise.all(loops);

  const after = await spawnService({ DATA_DIR: dataDir }, port);
  let present = 0;
  for (const ws of acknowledged) if (await exists(after.url, ws)) present++;
  await after.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rows.push([
    String(round),
    fresh.startupMs.toFixed(0),
    reopened.startupMs.toFixed(0),
    after.startupMs.toFixed(0),
    `${present}/${acknowledged.length}`,
  ]);
}

printTable(
  [
    'round',
    'fresh start ms',
    'reopen ms',
    'reopen after kill -9 ms',
    'acknowledged writes present',
  ],
  rows,
);
