import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnTestService } from '../../testing/process-fixtures';
import { type ServiceProcess, freePort } from '../../testing/service-process';
import { apiKeyCredentialsOn, remote } from '../../testing/webhook-fixtures';
import { insertUsersOfEveryDocument, waitForMigration } from '../../testing/document-fixtures';
import { addDocuments, migrateDocuments } from '#contract/documents';
import { addCommentAnnotations } from '#contract/activities';

const serverUrl = process.env.DATABASE_URL;
const DOCUMENTS = 24;
/** Users with access to each document: enough that a move takes a moment, so moves overlap. */
const USERS_PER_DOCUMENT = 5000;

const doc = (n: number) => `doc-${String(n).padStart(2, '0')}`;

describe.runIf(serverUrl)('document migrations, two service processes on one PostgreSQL', () => {
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const url = new URL(serverUrl ?? 'postgres://x');
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  const client = new pg.Client({ connectionString: url.toString() });
  const services: ServiceProcess[] = [];
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const env = {
      DATABASE_URL: url.toString(),
      SVC_MASTER_KEY: randomBytes(32).toString('base64'),
    };
    // One at a time: both would run the migrations.
    services.push(await spawnTestService(env, await freePort()));
    services.push(await spawnTestService(env, await freePort()));
    await client.connect();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await client.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('runs each migration once while both processes take them', async () => {
    const [a, b] = services;
    if (!a || !b) throw new Error('two services expected');
    const key = await apiKeyCredentialsOn(remote(a.url), 'doc-migrations-2p@example.com');
    const apiKeyId = key.id;
    const [onA, onB] = [remote(a.url, [key]), remote(b.url, [key])];
    const documents = Array.from({ length: DOCUMENTS }, (_, i) => ({
      documentId: doc(i),
      documentName: `Document ${i}`,
    }));
    await onA.call(addDocuments, { organizationId: 'org-1', createOrganization: true, documents });
    await Promise.all(
      documents.map(({ documentId }) =>
        onB.call(addCommentAnnotations, {
          organizationId: 'org-1',
          documentId,
          commentAnnotations: [{ commentData: [{ commentText: 'Hi', from: { userId: 'u-0' } }] }],
        }),
      ),
    );
    await insertUsersOfEveryDocument(
      (text, params) => client.query(text, params),
      apiKeyId,
      USERS_PER_DOCUMENT,
    );

    // Asked of both processes at once; each runner claims what is due when it looks.
    const ids = await Promise.all(
      documents.map(async ({ documentId }, i) => {
        const started = await (i % 2 ? onB : onA).call(migrateDocuments, {
          organizationId: 'org-1',
          documentId,
          newDocumentId: `${documentId}-moved`,
        });
        return started.data.migrationId;
      }),
    );
    const runners = new Set<string>();
    for (;;) {
      const held = await client.query<{ claimed_by: string; unfinished: number }>(
        `select t.claimed_by,
           (select count(*)::int from jobs where id = any($1) and status in ('pending', 'in_progress'))
             as unfinished
         from (select 1) one
         left join job_tasks t on t.job_id = any($1) and t.status = 'in_progress'`,
        [ids],
      );
      for (const row of held.rows) if (row.claimed_by) runners.add(row.claimed_by);
      if (held.rows[0]?.unfinished === 0) break;
      await sleep(10);
    }

    for (const [i, migrationId] of ids.entries()) {
      const done = await waitForMigration(i % 2 ? onA : onB, 'org-1', migrationId);
      expect(done).toEqual({ migrationId, status: 'completed' });
    }
    expect(runners.size, 'both processes ran migrations').toBe(2);
    // Each task claimed once: no runner took a migration another was running or had run.
    const tasks = await client.query<{ attempts: number; status: string }>(
      `select attempts, status from job_tasks where job_id = any($1)`,
      [ids],
    );
    expect(tasks.rows).toHaveLength(DOCUMENTS);
    expect(tasks.rows.every((t) => t.attempts === 1 && t.status === 'completed')).toBe(true);
    const moved = await client.query<{ document_id: string; users: number; annotations: number }>(
      `select d.document_id,
         (select count(*)::int from document_users u where u.api_key_id = d.api_key_id
           and u.organization_id = d.organization_id and u.document_id = d.document_id) as users,
         (select count(*)::int from comment_annotations c where c.api_key_id = d.api_key_id
           and c.organization_id = d.organization_id and c.document_id = d.document_id)
           as annotations
       from documents d where d.api_key_id = $1 order by d.document_id`,
      [apiKeyId],
    );
    expect(moved.rows).toEqual(
      documents.map(({ documentId }) => ({
        document_id: `${documentId}-moved`,
        users: USERS_PER_DOCUMENT,
        annotations: 1,
      })),
    );
  }, 90_000);
});
