import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { spawnTestService } from '../testing/process-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServiceProcess } from '../testing/service-process';
import { apiKeyCredentialsOn, remote, webhooksOf } from '../testing/webhook-fixtures';
import { type Receiver, startReceiver } from '../testing/webhook-receiver';

const serverUrl = process.env.DATABASE_URL;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

describe.runIf(serverUrl)('two service processes on one PostgreSQL', () => {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const services: ServiceProcess[] = [];
  let rx: Receiver;
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${name}`;
    const env = {
      DATABASE_URL: url.toString(),
      SVC_MASTER_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    // One at a time: both would run the migrations.
    services.push(await spawnTestService(env, await freePort()));
    services.push(await spawnTestService(env, await freePort()));
    rx = await startReceiver();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await rx.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('delivers each attempt once while both claim from the same outbox', async () => {
    rx.answer = () => ({ status: 200, body: 'ok', delayMs: 20 });
    const [first, second] = services;
    if (!first || !second) throw new Error('two services expected');
    const key = await apiKeyCredentialsOn(remote(first.url), 'two-process@example.com');
    const a = webhooksOf(remote(first.url, [key]));
    const b = webhooksOf(remote(second.url, [key]));
    await a.enable();
    await a.createEndpoint({ url: rx.url, filterTypes: ['comment.add'] });
    const total = 400;
    // Both processes take events, so both are woken with messages due at once.
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? b : a).addComments(
          'org-1',
          Array.from({ length: total / 8 }, (_, j) => `c${i}-${j}`),
        ),
      ),
    );
    await rx.waitFor(total, 30_000);
    // Room for a duplicate to show up, were a message claimed twice.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const perId = new Map<string, number>();
    for (const d of rx.received) {
      const id = String(d.headers['webhook-id']);
      perId.set(id, (perId.get(id) ?? 0) + 1);
    }
    expect(perId.size).toBe(total);
    expect([...perId.values()].filter((n) => n > 1)).toEqual([]);
  }, 60_000);
});
