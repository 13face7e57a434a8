import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { ann, bob, canaryScan, eraseFixture, erased, snapshot } from '../../testing/erase-fixtures';
import { deleteAllUserData, getDataDeletionJob } from '#contract/user-data';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ jobRunner: { background: false } });
});
afterAll(() => svc.close());

const db = () => svc.database.db;
/** Tables whose rows describe the jobs themselves and the calls, which every erase writes. */
const JOB_TABLES = new Set(['jobs', 'job_tasks', 'audit_entries']);
/**
 * A row of the erased user's or naming them, or one that goes with their data: the thread only
 * they wrote in, the inbox rows of the notification they acted in.
 */
const mentionsErased = (row: string) =>
  [erased.userId, erased.name, erased.email, '"t-alone"', '"n-by-erased"'].some((s) =>
    row.includes(s),
  );

/** Rows of the snapshot that have nothing to do with the erased user, per table. */
function untouched(snap: Map<string, string[]>) {
  const out = new Map<string, string[]>();
  for (const [table, list] of snap) {
    if (!JOB_TABLES.has(table))
      out.set(
        table,
        list.filter((r) => !mentionsErased(r)),
      );
  }
  return out;
}

async function eraseAndRun(fx: WorkspaceFixture, data: unknown) {
  const started = await fx.send(deleteAllUserData, data);
  expect(started.status).toBe(202);
  await svc.app.jobRunner.runOnce();
  const status = await fx.send(getDataDeletionJob, { jobId: started.body.data.jobId });
  return { started: started.body, status: status.body.result?.data };
}

async function countIn(table: string, fx: WorkspaceFixture, organizationId: string) {
  const [found] = await rows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from ${sql.identifier(table)}
      where api_key_id = ${fx.apiKey} and organization_id = ${organizationId}`,
  );
  return found?.n;
}

describe('Delete All User Data', () => {
  it('erases the user in every organization holding them, leaving other users as they were', async () => {
    const fx = await createWorkspaceFixture(svc);
    const other = await createWorkspaceFixture(svc);
    for (const org of ['org-1', 'org-2']) await eraseFixture(fx, org);
    // Another key holds the same user id: another tenant's user, not erased.
    await eraseFixture(other, 'org-1');
    const before = await snapshot(db());

    const started = await fx.send(deleteAllUserData, { userIds: [erased.userId] });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({
      status: 'success',
      message: 'Data deletion process has been initiated.',
      data: { jobId: expect.any(String), tasksCount: 2 },
      statusCode: 202,
    });
    const { jobId } = started.body.data;
    const pending = await fx.send(getDataDeletionJob, { jobId });
    expect(pending.body.result?.data).toEqual({
      jobId,
      status: 'pending',
      tasksCount: 2,
      tasksDone: 0,
      isDeleteCompleted: false,
      tasksLeft: 2,
      lastTaskCompletedTime: null,
    });

    await svc.app.jobRunner.runOnce();
    const done = await fx.send(getDataDeletionJob, { jobId });
    expect(done.body.result).toEqual({
      status: 'success',
      message: 'Data deletion job retrieved successfully.',
      data: {
        jobId,
        status: 'completed',
        tasksCount: 2,
        tasksDone: 2,
        isDeleteCompleted: true,
        tasksLeft: 0,
        lastTaskCompletedTime: expect.any(String),
      },
    });

    const after = await snapshot(db());
    // Every row that did not involve the erased user is still there, unchanged.
    for (const [table, list] of untouched(before)) {
      const now = after.get(table) ?? [];
      for (const row of list) expect(now, table).toContain(row);
    }
    // The other key's copy of the user is intact: its rows are all still there.
    for (const org of ['org-1']) {
      for (const table of ['comments', 'organization_users', 'notifications', 'activities']) {
        expect(await countIn(table, other, org), table).toBeGreaterThan(0);
      }
    }
    for (const org of ['org-1', 'org-2']) {
      const counts = Object.fromEntries(
        await Promise.all(
          [
            'comments',
            'comment_annotations',
            'reactions',
            'recordings',
            'notifications',
            'notification_users',
            'organization_users',
            'document_users',
            'folder_users',
            'user_group_members',
          ].map(async (t) => [t, await countIn(t, fx, org)] as const),
        ),
      );
      expect(counts).toEqual({
        // Ann's reply in the erased user's thread, Ann's and Bob's in Ann's.
        comments: 3,
        // The thread only the erased user wrote in is gone.
        comment_annotations: 2,
        reactions: 1,
        recordings: 1,
        notifications: 2,
        // Bob for n-to-erased, Ann for n-others.
        notification_users: 2,
        organization_users: 2,
        document_users: 1,
        folder_users: 0,
        user_group_members: 1,
      });
    }

    // The erasure is in the activity log, by the API key, naming no one.
    const logged = await rows<{ action_user: unknown; entity_data: { jobId: string } }>(
      db(),
      sql`select action_user, entity_data from activities
        where api_key_id = ${fx.apiKey} and action_type = 'user.erase' order by organization_id`,
    );
    expect(logged).toHaveLength(2);
    expect(logged[0]?.action_user).toEqual({ userId: fx.apiKey, name: 'API key' });
    expect(logged[0]?.entity_data.jobId).toBe(jobId);

    // Mentions: out of lists, anonymised in templates, e-mail out of free text.
    const [mention] = await rows<{
      notify_users: unknown;
      headline_template_data: unknown;
      source_data: unknown;
    }>(
      db(),
      sql`select notify_users, headline_template_data, source_data from notifications
        where api_key_id = ${fx.apiKey} and organization_id = 'org-1'
          and notification_id = 'n-to-erased'`,
    );
    expect(mention).toEqual({
      notify_users: [bob],
      headline_template_data: {
        actionUser: ann,
        recipientUser: { userId: erased.userId, name: 'Deleted user' },
        customer: 'Deleted user',
      },
      source_data: { cc: [], note: 'sent to Deleted user' },
    });

    // The canary scan: once the other key erases its copy too, no text, JSON or array column
    // of any table holds the user's name or e-mail (the scan finds them before).
    const needles = [erased.name, erased.email];
    expect(await canaryScan(db(), needles)).toContain('comments.from: Zebulon Canary');
    expect((await eraseAndRun(other, { userIds: [erased.userId] })).status?.status).toBe(
      'completed',
    );
    expect(await canaryScan(db(), needles)).toEqual([]);
  });

  it('a second erase of the same user changes nothing and completes', async () => {
    const fx = await createWorkspaceFixture(svc);
    await eraseFixture(fx, 'org-1');
    await eraseAndRun(fx, { userIds: [erased.userId] });
    const before = await snapshot(db());

    // Nothing of the user is left to find: no task at all, and the job completes at once.
    const again = await eraseAndRun(fx, { userIds: [erased.userId] });
    expect(again.started.data.tasksCount).toBe(0);
    expect(again.status).toMatchObject({ status: 'completed', tasksCount: 0, tasksLeft: 0 });
    // Named organizations make tasks that run, and find nothing.
    const named = await eraseAndRun(fx, {
      userIds: [erased.userId],
      organizationIds: ['org-1', 'org-unknown'],
    });
    expect(named.started.data.tasksCount).toBe(2);
    expect(named.status).toMatchObject({ status: 'completed', tasksDone: 2 });

    const after = await snapshot(db());
    for (const [table, list] of before) {
      if (!JOB_TABLES.has(table)) expect(after.get(table), table).toEqual(list);
    }
  });

  it('refuses a request without users, and answers INVALID_ARGUMENT for a job it does not have', async () => {
    const fx = await createWorkspaceFixture(svc);
    const other = await createWorkspaceFixture(svc);
    const bad = await fx.send(deleteAllUserData, { userIds: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.status).toBe('INVALID_ARGUMENT');
    expect((await fx.send(deleteAllUserData, {})).body.error?.status).toBe('INVALID_ARGUMENT');
    // 200 users in 100 organizations would be 20,000 tasks.
    const many = await fx.send(deleteAllUserData, {
      userIds: Array.from({ length: 200 }, (_, i) => `u-${i}`),
      organizationIds: Array.from({ length: 100 }, (_, i) => `o-${i}`),
    });
    expect(many.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message:
          'The request makes 20000 tasks (one per user and organization); at most 10000 per request.',
      },
    });
    const unknown = await fx.send(getDataDeletionJob, { jobId: 'job-unknown' });
    expect(unknown.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'Data deletion job job-unknown does not exist.',
      },
    });
    // Another key's job is not this key's.
    const { jobId } = (await other.send(deleteAllUserData, { userIds: ['u-1'] })).body.data;
    expect((await fx.send(getDataDeletionJob, { jobId })).body.error?.status).toBe(
      'INVALID_ARGUMENT',
    );
  });
});
