import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimTasks, releaseTasks } from '../../jobs/job-store';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { insertDocumentUsers, insertOrganization } from '../../testing/document-fixtures';
import { dataOf } from '../../testing/replies';
import {
  addDocuments,
  getDocuments,
  migrateDocuments,
  migrateDocumentsStatus,
} from '#contract/documents';
import { addCommentAnnotations } from '#contract/activities';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { addNotifications } from '#contract/notifications';
import { addAgentExecutions } from '#contract/agents';
import { addJudgments } from '#contract/memory';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ jobRunner: { background: false } });
});
afterAll(() => svc.close());

const error = (status: string, message: string) => ({ error: { status, message } });
const db = () => svc.database.db;
const q = <T>(statement: SQL) => rows<T>(db(), statement);

/**
 * A key with organization org-1 holding doc-a and doc-b, each with comments, a reaction, a
 * recording (through their endpoints, which also record activities), a notification (Add
 * Notifications), an agent execution (Add Agent Executions), a judgment (Add Judgments), a sent
 * e-mail about it and users with access (those two written straight in: the e-mail service's and
 * the users module's tables are other areas'); user u-shared has access to both.
 */
async function fixture() {
  const fx = await createWorkspaceFixture(svc);
  await insertOrganization(db(), fx.apiKey, 'org-1');
  dataOf(
    await fx.send(addDocuments, {
      organizationId: 'org-1',
      documents: [
        { documentId: 'doc-a', documentName: 'Alpha' },
        { documentId: 'doc-b', documentName: 'Beta' },
      ],
    }),
  );
  const from = { userId: 'u-1', name: 'Ann' };
  for (const [documentId, threads] of [
    ['doc-a', 2],
    ['doc-b', 1],
  ] as const) {
    const added = await fx.send(addCommentAnnotations, {
      organizationId: 'org-1',
      documentId,
      commentAnnotations: Array.from({ length: threads }, (_, i) => ({
        annotationId: `${documentId}-thread-${i}`,
        commentData: [
          { commentText: `first on ${documentId}`, from },
          { commentText: `reply on ${documentId}`, from },
        ],
      })),
    });
    expect(added.status).toBe(200);
    const on = { organizationId: 'org-1', documentId };
    for (const [endpoint, items] of [
      [addReactions, { reactions: [{ icon: '🎉', from }] }],
      [
        addRecordings,
        { recordings: [{ type: 'video', url: 'https://media.example.com/v.mp4', from }] },
      ],
    ] as const) {
      expect((await fx.send(endpoint, { ...on, ...items })).status).toBe(200);
    }
  }
  await insertDocumentUsers(db(), fx.apiKey, 'org-1', 'doc-a', ['u-1', 'u-2', 'u-shared']);
  await insertDocumentUsers(db(), fx.apiKey, 'org-1', 'doc-b', ['u-3', 'u-shared']);
  for (const documentId of ['doc-a', 'doc-b']) {
    const notified = await fx.send(addNotifications, {
      organizationId: 'org-1',
      documentId,
      notificationId: `${documentId}-notification`,
      actionUser: from,
      displayHeadlineMessageTemplate: '{actionUser} commented',
      displayBodyMessage: `on ${documentId}`,
      notifyUsers: [],
    });
    expect(notified.status).toBe(200);
    // An agent execution of the document (Add Agent Executions).
    const executed = await fx.send(addAgentExecutions, {
      executions: [
        {
          id: `${documentId}-execution`,
          agentId: 'agent-1',
          agentName: 'Reviewer',
          agentVersion: 1,
          status: 'running',
          message: `reviewing ${documentId}`,
          startedAt: 1_700_000_000_000,
          trigger: 'standalone',
          organizationId: 'org-1',
          documentId,
        },
      ],
    });
    const judged = await fx.send(addJudgments, {
      judgments: [
        {
          organizationId: 'org-1',
          documentId,
          text: 'Refund',
          decision: 'reject',
          reviewerId: 'u-1',
        },
      ],
    });
    expect(executed.status).toBe(200);
    expect(judged.status).toBe(200);
    await db().execute(sql`
      insert into sent_emails (id, api_key_id, organization_id, document_id, trigger, provider,
        to_address, from_name, from_address, subject, text_body, html_body, link, status,
        created_at, sent_at)
      values (${`eml-${fx.apiKey}-${documentId}`}, ${fx.apiKey}, 'org-1', ${documentId},
        'comment.add', 'default', 'u-2@example.com', 'Console', 'no-reply@localhost',
        ${`A reply on ${documentId}`}, 'reply', '<p>reply</p>',
        ${`http://localhost/keys/${fx.apiKey}/documents?documentId=${documentId}`}, 'sent',
        now(), now())`);
  }
  return fx;
}

/** Every table with a `document_id` column, found in the catalogue rather than listed by hand. */
async function tablesWithDocumentId(): Promise<string[]> {
  const found = await q<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'document_id'
    order by table_name`);
  return found.map((t) => t.table_name);
}

/** Every row of every such table that refers to the document, table by table. */
async function rowsReferring(fx: WorkspaceFixture, documentId: string) {
  const out: Record<string, unknown[]> = {};
  for (const table of await tablesWithDocumentId()) {
    out[table] = await q(sql`
      select * from ${sql.identifier(table)}
      where api_key_id = ${fx.apiKey} and organization_id = 'org-1' and document_id = ${documentId}
      order by 1, 2, 3, 4`);
  }
  return out;
}

async function annotationsOf(fx: WorkspaceFixture) {
  return q<{ annotation_id: string; document_id: string }>(sql`
    select annotation_id, document_id from comment_annotations where api_key_id = ${fx.apiKey}
    order by annotation_id`);
}

async function usersOf(fx: WorkspaceFixture) {
  return q<{ document_id: string; user_id: string }>(sql`
    select document_id, user_id from document_users where api_key_id = ${fx.apiKey}
    order by document_id, user_id`);
}

describe('Migrate Documents', () => {
  it('moves the document, its comments and its users, pending → in progress → completed', async () => {
    const fx = await fixture();
    const started = await fx.send(migrateDocuments, {
      organizationId: 'org-1',
      documentId: 'doc-a',
      newDocumentId: 'doc-a2',
    });
    expect(started.status).toBe(200);
    expect(started.body.result?.message).toBe('Document migration started successfully.');
    const { migrationId } = dataOf(started);
    expect(migrationId).toMatch(/^job_/);
    const status = () => fx.send(migrateDocumentsStatus, { organizationId: 'org-1', migrationId });

    const pending = await status();
    expect(pending.body.result?.message).toBe('Migration status retrieved successfully.');
    expect(dataOf(pending)).toEqual({ migrationId, status: 'pending' });

    // Another runner takes the task and gives it back unrun: the job has started meanwhile.
    const claimed = await claimTasks(db(), {
      runnerId: 'run_elsewhere',
      now: new Date(),
      leaseEnd: new Date(Date.now() + 60_000),
      limit: 10,
    });
    expect(claimed.map((t) => t.jobId)).toContain(migrationId);
    expect(dataOf(await status())).toEqual({ migrationId, status: 'in_progress' });
    await releaseTasks(
      db(),
      'run_elsewhere',
      claimed.map((t) => t.id),
      new Date(),
    );

    await svc.app.jobRunner.runOnce();
    expect(dataOf(await status())).toEqual({ migrationId, status: 'completed' });

    expect(dataOf(await fx.send(getDocuments, { organizationId: 'org-1' }))).toEqual([
      {
        id: 'doc-a2',
        documentId: 'doc-a2',
        documentName: 'Alpha',
        disabled: false,
        accessType: 'public',
      },
      {
        id: 'doc-b',
        documentId: 'doc-b',
        documentName: 'Beta',
        disabled: false,
        accessType: 'public',
      },
    ]);
    expect(await annotationsOf(fx)).toEqual([
      { annotation_id: 'doc-a-thread-0', document_id: 'doc-a2' },
      { annotation_id: 'doc-a-thread-1', document_id: 'doc-a2' },
      { annotation_id: 'doc-b-thread-0', document_id: 'doc-b' },
    ]);
    const comments = await q<{ n: number }>(sql`
      select count(*)::int as n from comments where api_key_id = ${fx.apiKey}`);
    expect(comments[0]?.n).toBe(6);
    expect(await usersOf(fx)).toEqual([
      { document_id: 'doc-a2', user_id: 'u-1' },
      { document_id: 'doc-a2', user_id: 'u-2' },
      { document_id: 'doc-a2', user_id: 'u-shared' },
      { document_id: 'doc-b', user_id: 'u-3' },
      { document_id: 'doc-b', user_id: 'u-shared' },
    ]);
  });

  it('leaves the old id in no table with a document_id column, and other documents as they were', async () => {
    const fx = await fixture();
    const tables = await tablesWithDocumentId();
    expect(tables).toEqual(
      expect.arrayContaining(['documents', 'document_users', 'comment_annotations']),
    );
    const before = { a: await rowsReferring(fx, 'doc-a'), b: await rowsReferring(fx, 'doc-b') };
    for (const table of tables) {
      // A table added later fails here until fixture() writes rows there: only then does this
      // test prove that a migration moves them (DOCUMENT_REFERENCES, or ON UPDATE CASCADE).
      expect(before.a[table]?.length, `fixture() writes no doc-a rows in ${table}`).toBeGreaterThan(
        0,
      );
    }
    const { migrationId } = dataOf(
      await fx.send(migrateDocuments, {
        organizationId: 'org-1',
        documentId: 'doc-a',
        newDocumentId: 'doc-new',
      }),
    );
    await svc.app.jobRunner.runOnce();
    expect(
      dataOf(await fx.send(migrateDocumentsStatus, { organizationId: 'org-1', migrationId }))
        .status,
    ).toBe('completed');

    for (const table of tables) {
      const left = await q<{ n: number }>(sql`
        select count(*)::int as n from ${sql.identifier(table)} where document_id = 'doc-a'`);
      expect(left[0]?.n, `${table} still refers to doc-a`).toBe(0);
    }
    const moved = await rowsReferring(fx, 'doc-new');
    for (const table of tables) {
      // The migration records its own activity under the new id.
      const recorded = table === 'activities' ? 1 : 0;
      expect(moved[table]?.length, table).toBe((before.a[table]?.length ?? 0) + recorded);
    }
    expect(await rowsReferring(fx, 'doc-b')).toEqual(before.b);
  });

  it('records the migration as an activity of the new document id, in the move’s transaction', async () => {
    const fx = await fixture();
    const activities = (documentId: string) =>
      q<{ feature_type: string; action_type: string; changes: unknown; action_user: unknown }>(sql`
        select feature_type, action_type, changes, action_user from activities
        where api_key_id = ${fx.apiKey} and organization_id = 'org-1'
          and document_id = ${documentId} and feature_type = 'document'`);
    const { migrationId } = dataOf(
      await fx.send(migrateDocuments, {
        organizationId: 'org-1',
        documentId: 'doc-a',
        newDocumentId: 'doc-z',
      }),
    );
    expect(await activities('doc-z')).toEqual([]);
    await svc.app.jobRunner.runOnce();
    expect(
      dataOf(await fx.send(migrateDocumentsStatus, { organizationId: 'org-1', migrationId }))
        .status,
    ).toBe('completed');
    expect(await activities('doc-z')).toEqual([
      {
        feature_type: 'document',
        action_type: 'document.migrate',
        changes: { documentId: { from: 'doc-a', to: 'doc-z' } },
        action_user: { userId: fx.apiKey, name: 'API key' },
      },
    ]);
    // A failed migration moves nothing and records nothing.
    const failedMigration = dataOf(
      await fx.send(migrateDocuments, {
        organizationId: 'org-1',
        documentId: 'doc-b',
        newDocumentId: 'doc-z',
      }),
    );
    await svc.app.jobRunner.runOnce();
    const failedStatus = await fx.send(migrateDocumentsStatus, {
      organizationId: 'org-1',
      migrationId: failedMigration.migrationId,
    });
    expect(dataOf(failedStatus).status).toBe('failed');
    expect(await activities('doc-z')).toHaveLength(1);
  });

  it('fails with the reason when the document does not exist, even at the request', async () => {
    const fx = await fixture();
    const before = await rowsReferring(fx, 'doc-a');
    const { migrationId } = dataOf(
      await fx.send(migrateDocuments, {
        organizationId: 'org-1',
        documentId: 'doc-x',
        newDocumentId: 'doc-y',
      }),
    );
    await svc.app.jobRunner.runOnce();
    expect(
      dataOf(await fx.send(migrateDocumentsStatus, { organizationId: 'org-1', migrationId })),
    ).toEqual({
      migrationId,
      status: 'failed',
      failureReason: 'Document doc-x does not exist in organization org-1.',
    });
    expect(await rowsReferring(fx, 'doc-a')).toEqual(before);
  });

  it('fails with the reason when the document is gone by the time the job runs', async () => {
    const fx = await fixture();
    const first = dataOf(
      await fx.send(migrateDocuments, {
        organizationId: 'org-1',
        documentId: 'doc-a',
        newDocumentId: 'doc-1',
      }),
    );
    const second = dataOf(
      await fx.send(migrateDocuments, {
        organizationId: 'org-1',
        documentId: 'doc-a',
        newDocumentId: 'doc-2',
      }),
    );
    await svc.app.jobRunner.runOnce();
    const statuses = await Promise.all(
      [first, second].map(async ({ migrationId }) =>
        dataOf(await fx.send(migrateDocumentsStatus, { organizationId: 'org-1', migrationId })),
      ),
    );
    // The runner may take them in either order; one moved doc-a, the other found it gone.
    const done = statuses.filter((s) => s.status === 'completed');
    const failed = statuses.filter((s) => s.status === 'failed');
    expect(done).toHaveLength(1);
    expect(failed).toEqual([
      expect.objectContaining({
        failureReason: 'Document doc-a does not exist in organization org-1.',
      }),
    ]);
    const ids = dataOf(await fx.send(getDocuments, { organizationId: 'org-1' })).map((d) => d.id);
    expect(ids).toHaveLength(2);
    expect(ids).toContain('doc-b');
  });

  it('fails with the reason when the organization is deleted before the job runs', async () => {
    const fx = await fixture();
    const { migrationId } = dataOf(
      await fx.send(migrateDocuments, {
        organizationId: 'org-1',
        documentId: 'doc-a',
        newDocumentId: 'doc-z',
      }),
    );
    // What Delete Organizations (another area's) leaves: no organization, no documents.
    await db().execute(sql`
      delete from organizations where api_key_id = ${fx.apiKey} and organization_id = 'org-1'`);
    await svc.app.jobRunner.runOnce();
    expect(
      dataOf(await fx.send(migrateDocumentsStatus, { organizationId: 'org-1', migrationId })),
    ).toEqual({
      migrationId,
      status: 'failed',
      failureReason: 'Organization org-1 does not exist.',
    });
  });

  it('fails with the reason when the new id is taken, moving nothing', async () => {
    const fx = await fixture();
    const before = { a: await rowsReferring(fx, 'doc-a'), b: await rowsReferring(fx, 'doc-b') };
    const { migrationId } = dataOf(
      await fx.send(migrateDocuments, {
        organizationId: 'org-1',
        documentId: 'doc-a',
        newDocumentId: 'doc-b',
      }),
    );
    await svc.app.jobRunner.runOnce();
    expect(
      dataOf(await fx.send(migrateDocumentsStatus, { organizationId: 'org-1', migrationId })),
    ).toEqual({
      migrationId,
      status: 'failed',
      failureReason: 'Document doc-b already exists in organization org-1.',
    });
    expect({ a: await rowsReferring(fx, 'doc-a'), b: await rowsReferring(fx, 'doc-b') }).toEqual(
      before,
    );
  });

  it('refuses an unknown organization and bad input before starting anything', async () => {
    const fx = await fixture();
    const unknown = await fx.send(migrateDocuments, {
      organizationId: 'org-9',
      documentId: 'doc-a',
      newDocumentId: 'doc-z',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(error('INVALID_ARGUMENT', 'Organization org-9 does not exist.'));
    const cases: [Record<string, unknown>, string][] = [
      [{ organizationId: 'org-1', documentId: 'doc-a' }, 'data.newDocumentId is required'],
      [{ documentId: 'doc-a', newDocumentId: 'x' }, 'data.organizationId is required'],
      [
        { organizationId: 'org-1', documentId: 'doc-a', newDocumentId: 'doc-a' },
        'data.newDocumentId must differ from documentId',
      ],
      [
        { organizationId: 'org-1', documentId: 'doc-a', newDocumentId: 'n'.repeat(129) },
        'data.newDocumentId must be at most 128 characters',
      ],
    ];
    for (const [data, message] of cases) {
      const res = await fx.send(migrateDocuments, data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(error('INVALID_ARGUMENT', message));
    }
    const jobs = await q<{ n: number }>(sql`
      select count(*)::int as n from jobs where api_key_id = ${fx.apiKey}`);
    expect(jobs[0]?.n).toBe(0);
  });
});

describe('Migrate Documents Status', () => {
  it('answers INVALID_ARGUMENT for an unknown id, another key’s, another organization’s, another kind of job', async () => {
    const fx = await fixture();
    await insertOrganization(db(), fx.apiKey, 'org-2');
    const { migrationId } = dataOf(
      await fx.send(migrateDocuments, {
        organizationId: 'org-1',
        documentId: 'doc-a',
        newDocumentId: 'doc-z',
      }),
    );
    const other = await createWorkspaceFixture(svc);
    await insertOrganization(db(), other.apiKey, 'org-1');
    await db().execute(sql`
      insert into jobs (id, kind, api_key_id, input, status, tasks_count, created_at)
      values ('job_other_kind', 'users.erase', ${fx.apiKey}, '{"organizationId":"org-1"}'::jsonb,
        'completed', 0, now())`);
    const asks: [WorkspaceFixture, string, string][] = [
      [fx, 'org-1', 'job_unknown'],
      [other, 'org-1', migrationId],
      [fx, 'org-2', migrationId],
      [fx, 'org-1', 'job_other_kind'],
    ];
    for (const [who, organizationId, id] of asks) {
      const res = await who.send(migrateDocumentsStatus, { organizationId, migrationId: id });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(
        error(
          'INVALID_ARGUMENT',
          `Migration ${id} does not exist in organization ${organizationId}.`,
        ),
      );
    }
    expect(
      dataOf(await fx.send(migrateDocumentsStatus, { organizationId: 'org-1', migrationId }))
        .status,
    ).toBe('pending');
  });

  it('refuses bad input with INVALID_ARGUMENT', async () => {
    const fx = await fixture();
    for (const [data, message] of [
      [{ organizationId: 'org-1' }, 'data.migrationId is required'],
      [{ migrationId: 'job_1' }, 'data.organizationId is required'],
      [{ organizationId: 'org-1', migrationId: '' }, 'data.migrationId must not be empty'],
    ] as const) {
      const res = await fx.send(migrateDocumentsStatus, data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(error('INVALID_ARGUMENT', message));
    }
  });
});
