import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDocuments, migrateDocuments } from '#contract/documents';
import { twoServicesOn } from '../testing/process-fixtures';
import type { ServiceProcess } from '../testing/service-process';
import { apiKeyCredentialsOn, remote, webhooksOf } from '../testing/webhook-fixtures';
import { commentTextsOf, startReceiver } from '../testing/webhook-receiver';
import { insertUsersOfEveryDocument, waitForMigration } from '../testing/document-fixtures';

const serverUrl = process.env.DATABASE_URL;
const GRACE_MS = 2_000;
/** The job and webhook leases: work a stopped process kept would wait this long. */
const LEASE_MS = 60_000;
const COMMENTS = 300;
const DOCUMENTS = 8;
const USERS_PER_DOCUMENT = 4000;

const doc = (n: number) => `doc-${n}`;

describe.runIf(serverUrl)('SIGTERM during work, two service processes on one PostgreSQL', () => {
  let services: [ServiceProcess, ServiceProcess];
  let drop: () => Promise<void>;
  let client: pg.Client;
  beforeAll(async () => {
    const started = await twoServicesOn(serverUrl ?? '', {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    });
    services = started.services;
    drop = started.drop;
    client = new pg.Client({ connectionString: started.url });
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop('SIGKILL')));
    await client.end();
    await drop();
  });

  it('loses nothing, does nothing twice, and the other process takes over at once', async () => {
    const [a, b] = services;
    const rx = await startReceiver();
    // Slow answers keep attempts in flight when the signal comes; a rate limit keeps messages
    // claimed and waiting for their slot, which the stopping process must hand back.
    rx.answer = () => ({ status: 200, body: 'ok', delayMs: 100 });
    try {
      const key = await apiKeyCredentialsOn(remote(a.url), 'graceful@example.com');
      const onA = remote(a.url, [key]);
      const wh = webhooksOf(onA);
      await wh.enable();
      await wh.createEndpoint({ url: rx.url, filterTypes: ['comment.add'], rateLimit: 40 });
      const documents = Array.from({ length: DOCUMENTS }, (_, i) => ({
        documentId: doc(i),
        documentName: `Document ${i}`,
      }));
      await onA.call(addDocuments, {
        organizationId: 'org-1',
        createOrganization: true,
        documents,
      });
      for (let i = 0; i < COMMENTS; i += 100) {
        await wh.addComments(
          'org-1',
          Array.from({ length: 100 }, (_, j) => `c${i + j}`),
        );
      }
      await insertUsersOfEveryDocument(
        (text, params) => client.query(text, params),
        key.id,
        USERS_PER_DOCUMENT,
      );
      const migrations: string[] = [];
      for (const { documentId } of documents) {
        const started = await onA.call(migrateDocuments, {
          organizationId: 'org-1',
          documentId,
          newDocumentId: `${documentId}-moved`,
        });
        migrations.push(started.data.migrationId);
      }

      await rx.waitFor(30, 30_000);
      const signalledAt = performance.now();
      await a.stop('SIGTERM');
      const exitMs = performance.now() - signalledAt;
      expect(a.child.exitCode, 'a clean exit').toBe(0);
      expect(exitMs, 'the grace bounds the stop').toBeLessThan(GRACE_MS + 3_000);
      expect(rx.received.length, 'work was left for the other process').toBeLessThan(COMMENTS);

      const onB = remote(b.url, [key]);
      const texts = () => commentTextsOf(rx.received);
      const deadline = performance.now() + LEASE_MS / 2;
      while (texts().size < COMMENTS && performance.now() < deadline) await sleep(50);
      for (const migrationId of migrations) {
        expect(await waitForMigration(onB, 'org-1', migrationId)).toEqual({
          migrationId,
          status: 'completed',
        });
      }
      // What the stopped process held was handed back at its stop: kept, it would have waited
      // for its lease to end before the other process could take it.
      const takeoverMs = performance.now() - signalledAt;
      expect(takeoverMs, 'the rest was done long before a lease would have ended').toBeLessThan(
        LEASE_MS / 2,
      );

      // Every comment arrived, each once: no attempt was cut off and made again.
      expect(texts().size).toBe(COMMENTS);
      const ids = rx.received.map((d) => d.headers['webhook-id']);
      expect(new Set(ids).size).toBe(ids.length);
      // Every document moved once, whole.
      const moved = await client.query<{ document_id: string; users: number }>(
        `select d.document_id, (select count(*)::int from document_users u
           where u.api_key_id = d.api_key_id and u.organization_id = d.organization_id
             and u.document_id = d.document_id) as users
         from documents d where d.api_key_id = $1 order by d.document_id`,
        [key.id],
      );
      expect(moved.rows).toEqual(
        documents.map(({ documentId }) => ({
          document_id: `${documentId}-moved`,
          users: USERS_PER_DOCUMENT,
        })),
      );
    } finally {
      await rx.close();
    }
  }, 120_000);
});
