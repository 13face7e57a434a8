import { readFileSync } from 'node:fs';
import { seededDataDir, spawnTestService, suiteLog } from '../testing/process-fixtures';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/service-process';
import { credentialHeaders } from '#contract/credentials';

const dataDir = await seededDataDir('svc-durability-');

async function create(url: string, n: number) {
  const res = await fetch(`${url}/v2/workspace/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: { ownerEmail: `durable.${n}@example.com` } }),
  });
  const body = (await res.json()) as { result: { data: { id: string; authToken: string } } };
  return body.result.data;
}

describe.skipIf(process.env.DATABASE_URL)('the embedded database', () => {
  it('keeps every acknowledged write after kill -9, reopens the same data, and refuses a second process on it', async () => {
    const port = await freePort();
    const first = await spawnTestService({ DATA_DIR: dataDir }, port);
    const acknowledged = [];
    for (let n = 0; n < 20; n++) acknowledged.push(await create(first.url, n));
    await first.stop('SIGKILL');

    const second = await spawnTestService({ DATA_DIR: dataDir }, port);
    try {
      // The killed process's claim on the data was taken over; a live one's is not.
      const log = suiteLog();
      const refused = await spawnTestService({ DATA_DIR: dataDir }, await freePort(), log).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(String(refused)).toMatch(/service exited with 1/);
      expect(readFileSync(log, 'utf8')).toContain(`is in use by process ${second.child.pid}`);
      for (const ws of acknowledged) {
        const res = await fetch(`${second.url}/v2/workspace/get`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [credentialHeaders.workspaceId]: ws.id,
            [credentialHeaders.workspaceToken]: ws.authToken,
          },
          body: '{}',
        });
        expect(res.status).toBe(200);
      }
    } finally {
      await second.stop();
    }
  }, 120_000);
});
