import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, existsSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addOrganizations, getOrganizations } from '#contract/organizations';
import { seededDataDir, spawnTestService, suiteDir, suiteLog } from '../testing/process-fixtures';
import { dataOf } from '../testing/replies';
import { freePort } from '../testing/service-process';
import { apiKeyCredentialsOn, remote, webhooksOf } from '../testing/webhook-fixtures';
import { restoreBackup } from './restore-backup';
import { partialName } from './take-backup';

/** `npm run backup` / `npm run restore` as an operator runs them, in a process of their own. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    child,
    done: async () => {
      const [code] = (await once(child, 'exit')) as [number | null];
      return { code, output };
    },
  };
}

/** Kills `child` the moment `file` appears in its directory. */
function killWhenCreated(child: ChildProcess, file: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(join(file, '..'), (_event, name) => {
      if (name && join(file, '..', name) === file) {
        child.kill('SIGKILL');
        watcher.close();
        resolve();
      }
    });
  });
}

describe.skipIf(process.env.DATABASE_URL)('backing up the embedded database while it runs', () => {
  it('takes a backup under writes, never leaves a cut one as good, and restores it', async () => {
    const dataDir = await seededDataDir('svc-backup-');
    const out = suiteDir('svc-backups-');
    const port = await freePort();
    const svc = await spawnTestService({ DATA_DIR: dataDir }, port, suiteLog());
    const env = { DATA_DIR: dataDir, PORT: String(port) };
    const key = await apiKeyCredentialsOn(remote(svc.url), 'backup.owner@example.com');
    const client = remote(svc.url, [key]);
    const wh = webhooksOf(client);
    let restoredDir = '';
    let acknowledged: string[] = [];
    let endpointId = '';
    let secret = '';
    try {
      await wh.enable();
      const endpoint = await wh.createEndpoint({ url: 'https://hooks.example.com/in' });
      endpointId = endpoint.id;
      secret = await wh.secret(endpointId);
      // Writes go on through both backups, one after the other, each acknowledged before the next.
      const made: string[] = [];
      let writing = true;
      const writer = (async () => {
        while (writing) {
          const organizationId = `org-${made.length}`;
          dataOf(
            await client.send(addOrganizations, {
              organizations: [{ organizationId, organizationName: `Org ${made.length}` }],
            }),
          );
          made.push(organizationId);
        }
      })();
      while (made.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));

      // A backup killed with kill -9 while the service dumps: its file is never the backup's name.
      const cut = join(out, 'cut.tar.gz');
      const killed = script('backup', ['--out', cut], env);
      const killing = killWhenCreated(killed.child, partialName(cut));
      await killing;
      expect((await killed.done()).code).toBe(null);
      expect(existsSync(cut)).toBe(false);
      // And what it left cannot be restored as if it were one.
      await expect(restoreBackup(partialName(cut), suiteDir('svc-cut-'))).rejects.toThrow(
        'is not a complete backup',
      );

      const good = join(out, 'good.tar.gz');
      acknowledged = [...made];
      const taken = await script('backup', ['--out', good], env).done();
      expect(taken, taken.output).toMatchObject({ code: 0 });
      expect(taken.output).toContain(`backup: ${good}`);
      expect(existsSync(partialName(good))).toBe(false);
      writing = false;
      await writer;
      expect(made.length, 'writes went on while the backup was taken').toBeGreaterThan(
        acknowledged.length,
      );

      // Restored into a fresh data directory, with the master key copied as the docs say.
      restoredDir = suiteDir('svc-restored-');
      const restored = await script('restore', [good], { DATA_DIR: restoredDir }).done();
      expect(restored, restored.output).toMatchObject({ code: 0 });
      copyFileSync(join(dataDir, 'master.key'), join(restoredDir, 'master.key'));
      // A backup cut short on its way (a full disk, a copy interrupted) is refused as well.
      const bytes = readFileSync(good);
      const truncated = join(out, 'truncated.tar.gz');
      writeFileSync(truncated, bytes.subarray(0, bytes.length >> 1));
      await expect(restoreBackup(truncated, suiteDir('svc-cut-'))).rejects.toThrow(
        'is not a complete backup',
      );
    } finally {
      await svc.stop();
    }

    const back = await spawnTestService({ DATA_DIR: restoredDir }, await freePort(), suiteLog());
    try {
      const client = remote(back.url, [key]);
      const ids = new Set<string>();
      let pageToken: string | undefined;
      for (;;) {
        const reply = await client.send(getOrganizations, {
          pageSize: 100,
          ...(pageToken ? { pageToken } : {}),
        });
        for (const organization of dataOf(reply)) ids.add(organization.organizationId);
        pageToken = reply.body.result.nextPageToken ?? undefined;
        if (!pageToken) break;
      }
      // Everything acknowledged before the backup began, read back through the restored service
      // with the API key's token (its hash and signature) and the endpoint's sealed secret.
      for (const id of acknowledged) expect(ids.has(id), id).toBe(true);
      expect(await webhooksOf(client).secret(endpointId)).toBe(secret);
    } finally {
      await back.stop();
    }
  }, 120_000);
});
