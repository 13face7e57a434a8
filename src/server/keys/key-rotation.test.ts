import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getAuthTokens,
  updateApiKeyConfig,
  updatePermissionProviderConfig,
} from '#contract/api-keys';
import { updateEmailConfig } from '#contract/email-service';
import { getCurrentSession } from '#contract/sessions';
import { rotateAdvancedWebhookEndpointSecret } from '#contract/webhook-deliveries';
import { sendWebhookServiceTestEvent, updateWebhookServiceConfig } from '#contract/webhook-service';
import { getWorkspace } from '#contract/workspace';
import { KeyRing } from '../crypto/key-ring';
import { signingKey } from '../crypto/webhook-signing-secret';
import type { Database } from '../db/connection';
import { type WorkspaceFixture, createWorkspaceFixture } from '../testing/fixtures';
import { dataOf } from '../testing/replies';
import { rows } from '../testing/rows';
import { type SignedInPerson, sessionOnly, signIn } from '../testing/session-fixtures';
import { openTestDatabase } from '../testing/test-database';
import { type TestService, startTestService } from '../testing/test-service';
import { webhooksOf } from '../testing/webhook-fixtures';
import { type Delivery, type Receiver, startReceiver } from '../testing/webhook-receiver';
import { sealV1 } from '../testing/legacy-sealed';
import { sealedColumns } from './sealed-columns';
import { sealedValuesOf } from './sealed-values';

const oldKey = randomBytes(32).toString('base64');
const newKey = randomBytes(32).toString('base64');
const ringOf = (key: string) => new KeyRing(Buffer.from(key, 'base64'));
const BASIC_TOKEN = 'basic-token-rotation-0a1b2c3d';
const SENDGRID_KEY = 'SG.rotation-test-key-0123456789';

let database: Database;
let rx: Receiver;
let svc: TestService | undefined;

beforeAll(async () => {
  database = await openTestDatabase();
  rx = await startReceiver();
});
afterAll(async () => {
  await svc?.close();
  await rx.close();
  await database.close();
});

/** A service on the shared database with these keys; deliveries and jobs run when a test says. */
async function serviceWith(env: Record<string, string>): Promise<TestService> {
  await svc?.close();
  svc = undefined;
  svc = await startTestService({
    database,
    env: { WEBHOOK_ALLOW_PRIVATE: 'true', ...env },
    webhookWorker: { background: false, timeoutMs: 2000 },
    jobRunner: { background: false },
  });
  return svc;
}

/** Every sealed value in the database, opened: `table.column key` → plain text. */
async function openedSecrets(ring: KeyRing): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for (const col of sealedColumns) {
    for (const [at, sealed] of await sealedValuesOf(database.db, col)) {
      all.set(at, ring.decrypt(sealed));
    }
  }
  return all;
}

/** `webhook-signature`'s entries as a Standard Webhooks receiver checks them, for one secret. */
function signatureWith(secret: string, d: Delivery): string {
  const id = String(d.headers['webhook-id']);
  const at = String(d.headers['webhook-timestamp']);
  const mac = createHmac('sha256', signingKey(secret)).update(`${id}.${at}.${d.body}`);
  return `v1,${mac.digest('base64')}`;
}

describe('rotating SVC_MASTER_KEY', () => {
  let fx: WorkspaceFixture;
  let person: SignedInPerson;
  let endpointId: string;
  let firstSecret: string;
  let secondSecret: string;
  let before: Map<string, string>;
  /** The workspace's and its key's credentials on the service now running. */
  const keyOn = (s: TestService) => s.client([fx.credentials.workspace, fx.credentials.apiKey]);

  it('seals every kind of secret under the old key', async () => {
    const s = await serviceWith({ SVC_MASTER_KEY: oldKey });
    fx = await createWorkspaceFixture(s);
    person = await signIn(s, fx.workspace.owner.email);
    dataOf(
      await fx.send(updateApiKeyConfig, {
        aiModelApiKey: [
          { provider: 'openai', customerApiKey: 'sk-rotation-openai-0123' },
          { provider: 'anthropic', customerApiKey: 'sk-rotation-anthropic-4567' },
        ],
      }),
    );
    dataOf(
      await fx.send(updatePermissionProviderConfig, {
        permissionProviderConfig: { authToken: 'provider-token-rotation-89ab' },
      }),
    );
    const wh = webhooksOf(fx);
    await wh.enable();
    endpointId = (await wh.createEndpoint({ url: rx.url })).id;
    firstSecret = await wh.secret(endpointId);
    dataOf(await fx.send(rotateAdvancedWebhookEndpointSecret, { endpointId }));
    secondSecret = await wh.secret(endpointId);
    dataOf(
      await fx.send(updateWebhookServiceConfig, {
        useWebhookService: true,
        webhookServiceConfig: { authToken: BASIC_TOKEN, rawNotificationUrl: `${rx.url}/basic` },
      }),
    );
    dataOf(
      await fx.send(updateEmailConfig, {
        useEmailService: true,
        emailServiceConfig: { type: 'sendgrid', apiKey: SENDGRID_KEY, fromEmail: 'a@example.com' },
      }),
    );
    before = await openedSecrets(ringOf(oldKey));
    // Every sealed column holds a value: a column this test leaves empty would prove nothing.
    for (const col of sealedColumns) {
      expect(
        [...before.keys()].some((at) => at.startsWith(`${col.name} `)),
        col.name,
      ).toBe(true);
    }
    expect([...before.values()]).toEqual(
      expect.arrayContaining([firstSecret, secondSecret, BASIC_TOKEN, SENDGRID_KEY]),
    );
    // And no other column holds a ciphertext: one there would stay under the old key.
    const columns = await rows<{ table: string; column: string }>(
      database.db,
      sql`select table_name as table, column_name as column from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'jsonb', 'ARRAY')
        order by 1, 2`,
    );
    const byTable = new Map<string, string[]>();
    for (const { table, column } of columns) {
      byTable.set(table, [...(byTable.get(table) ?? []), column]);
    }
    const sealedAt: string[] = [];
    // One statement per table, every column counted at once.
    for (const [table, names] of byTable) {
      const counts = names.map(
        (column, i) =>
          sql`count(*) filter (where ${sql.identifier(column)}::text ~ ${'v2\\.[A-Za-z0-9_-]{8}\\.'})::int
            as ${sql.identifier(`n${i}`)}`,
      );
      const [found] = await rows<Record<string, number>>(
        database.db,
        sql`select ${sql.join(counts, sql`, `)} from ${sql.identifier(table)}`,
      );
      names.forEach((column, i) => {
        if ((found?.[`n${i}`] ?? 0) > 0) sealedAt.push(`${table}.${column}`);
      });
    }
    expect(sealedAt.sort()).toEqual(sealedColumns.map((c) => c.name).sort());
  });

  it('refuses to start with the new key alone while secrets are sealed under the old one', async () => {
    await svc?.close();
    svc = undefined;
    await expect(startTestService({ database, env: { SVC_MASTER_KEY: newKey } })).rejects.toThrow(
      /sealed under master key [\w-]{8}, which is not configured: start with that key in SVC_PREVIOUS_MASTER_KEYS/,
    );
  });

  it('opens the old secrets while the rotation runs, then seals them all under the new key', async () => {
    const s = await serviceWith({ SVC_MASTER_KEY: newKey, SVC_PREVIOUS_MASTER_KEYS: oldKey });
    // Before the job has run: the old key still opens everything.
    expect(await webhooksOf(keyOn(s)).secret(endpointId)).toBe(secondSecret);
    while ((await s.app.jobRunner.runOnce()) > 0);
    const after = await openedSecrets(ringOf(newKey));
    expect(after).toEqual(before);
    const current = ringOf(newKey);
    for (const col of sealedColumns) {
      for (const sealed of (await sealedValuesOf(database.db, col)).values()) {
        expect(current.isCurrent(sealed), col.name).toBe(true);
      }
    }
    expect(s.logs.join('')).toContain('master key rotation finished');
  });

  it('serves every secret with the new key alone once the rotation has finished', async () => {
    const s = await serviceWith({ SVC_MASTER_KEY: newKey });
    const client = keyOn(s);
    // Tokens: found by their stable keyed hash, checked by their stable signature, opened.
    const ws = dataOf(await client.send(getWorkspace, {}));
    expect(ws.authToken).toBe(fx.credentials.workspace.token);
    const tokens = dataOf(await client.send(getAuthTokens, { apiKey: fx.apiKey }));
    expect(tokens.authTokens[0]?.token).toBe(fx.credentials.apiKey.token);
    // The session signed in under the old key.
    expect(
      (await s.send(getCurrentSession, {}, { credentials: sessionOnly(person.cookie) })).status,
    ).toBe(200);
    expect(await webhooksOf(client).secret(endpointId)).toBe(secondSecret);
    // Deliveries signed with the current and the previous webhook secret; the basic service's token.
    await webhooksOf(client).addComments('org-rotation', ['after the rotation']);
    dataOf(await client.send(sendWebhookServiceTestEvent, {}));
    while ((await s.app.webhookWorker.runOnce()) > 0);
    const advanced = rx.received.find((d) => d.url === '/hook');
    expect(advanced?.headers['webhook-signature']).toBe(
      `${signatureWith(secondSecret, advanced as Delivery)} ${signatureWith(firstSecret, advanced as Delivery)}`,
    );
    const basic = rx.received.find((d) => d.url === '/hook/basic');
    expect(basic?.headers.authorization).toBe(`Basic ${BASIC_TOKEN}`);
    // The rest (AI keys, the permission provider's and SendGrid's keys) open as they were.
    expect(await openedSecrets(ringOf(newKey))).toEqual(before);
    for (const secret of before.values()) expect(s.logs.join('')).not.toContain(secret);
  });
});

describe('upgrading an install whose secrets are sealed as v1 (before keys had ids)', () => {
  it('keeps its tokens working and seals its secrets again as v2, rotated at the same time', async () => {
    const legacyDb = await openTestDatabase();
    const key = randomBytes(32).toString('base64');
    const master = Buffer.from(key, 'base64');
    let s = await startTestService({
      database: legacyDb,
      env: { SVC_MASTER_KEY: key },
      jobRunner: { background: false },
    });
    try {
      const fx = await createWorkspaceFixture(s);
      const secret = await (async () => {
        const wh = webhooksOf(fx);
        await wh.enable();
        const ep = await wh.createEndpoint({ url: 'https://hooks.example.com/in' });
        return { id: ep.id, value: await wh.secret(ep.id) };
      })();
      await s.close();
      // The database as the previous version left it: v1 ciphertexts, no sealed stable keys.
      const ring = ringOf(key);
      await legacyDb.db.execute(sql`delete from service_keys`);
      for (const col of sealedColumns.filter((c) => c.shape === 'text')) {
        for (const [at, sealed] of await sealedValuesOf(legacyDb.db, col)) {
          const id = at.split(' ')[1] ?? '';
          await legacyDb.db.execute(
            sql`update ${sql.identifier(col.table)} set ${sql.identifier(col.column)} = ${sealV1(master, ring.decrypt(sealed))}
              where ${sql.identifier(col.key)} = ${id}`,
          );
        }
      }
      // Another key opens none of them: refused at start.
      await expect(
        startTestService({ database: legacyDb, env: { SVC_MASTER_KEY: newKey } }),
      ).rejects.toThrow(
        /workspaces.auth_token_enc holds secrets sealed under a master key that is not configured/,
      );

      // Upgraded and rotated at once: the new key seals, the v1 secrets' key opens them.
      s = await startTestService({
        database: legacyDb,
        env: { SVC_MASTER_KEY: newKey, SVC_PREVIOUS_MASTER_KEYS: key },
        jobRunner: { background: false },
      });
      const client = s.client([fx.credentials.workspace, fx.credentials.apiKey]);
      // The token's hash and signature were made with keys derived from the key of the v1
      // secrets, not from the new primary one.
      expect(dataOf(await client.send(getWorkspace, {})).authToken).toBe(
        fx.credentials.workspace.token,
      );
      while ((await s.app.jobRunner.runOnce()) > 0);
      for (const col of sealedColumns) {
        for (const sealed of (await sealedValuesOf(legacyDb.db, col)).values()) {
          expect(ringOf(newKey).isCurrent(sealed), col.name).toBe(true);
        }
      }
      expect(await webhooksOf(client).secret(secret.id)).toBe(secret.value);
    } finally {
      await s.close();
      await legacyDb.close();
    }
  });
});
