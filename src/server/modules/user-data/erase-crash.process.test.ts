import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { deleteAllUserData, getDataDeletionJob } from '#contract/user-data';
import {
  FREED_ONE_AT_RESTART,
  countIn,
  drizzleOf,
  jobTaskRuns,
  seededDataDir,
  spawnTestService,
  waitUntilBusy,
  withDataDirDatabase,
} from '../../testing/process-fixtures';
import { freePort } from '../../testing/service-process';
import { apiKeyCredentialsOn, remote } from '../../testing/webhook-fixtures';
import { canaryScan, eraseFixture, erased, waitForDeletionJob } from '../../testing/erase-fixtures';

/**
 * The erased user's comments (in a few threads, as comments come), and other users'
 * activities that mention them, written straight into the database: with this many, the
 * erase takes a second or two on the embedded database, time enough to kill the process in it.
 */
const COMMENTS = 10_000;
const THREADS = 30;
const MENTIONS = 3_000;
/** A status read that takes longer than this is waiting behind the erase's transaction. */
const BUSY_MS = 300;

const dataDir = await seededDataDir('svc-user-erase-crash-');

const withDatabase = <T>(work: (db: PGlite) => Promise<T>) => withDataDirDatabase(dataDir, work);

/** Counts that an erase changes: the user's rows, other users' rows, rows naming the user. */
async function stateOf(db: PGlite, apiKeyId: string) {
  const key = [apiKeyId];
  return {
    erasedComments: await countIn(
      db,
      `select count(*)::int as n from comments where api_key_id = $1 and from_user_id = 'u-erased'`,
      key,
    ),
    otherComments: await countIn(
      db,
      `select count(*)::int as n from comments where api_key_id = $1 and from_user_id <> 'u-erased'`,
      key,
    ),
    otherActivities: await countIn(
      db,
      `select count(*)::int as n from activities where api_key_id = $1
        and action_user_id not in ('u-erased', $1)`,
      key,
    ),
    eraseActivities: await countIn(
      db,
      `select count(*)::int as n from activities where api_key_id = $1
        and action_type = 'user.erase'`,
      key,
    ),
    naming: await countIn(
      db,
      `select count(*)::int as n from activities where api_key_id = $1
        and (display_message_template_data::text like '%Zebulon%' or action_user_id = 'u-erased')`,
      key,
    ),
    members: await countIn(
      db,
      `select count(*)::int as n from organization_users where api_key_id = $1`,
      key,
    ),
  };
}

describe.skipIf(process.env.DATABASE_URL)('a user data erase across kill -9', () => {
  it('finishes after the service is killed in the middle of the erase, with the same result', async () => {
    const env = { DATA_DIR: dataDir };
    const port = await freePort();

    const setup = await spawnTestService(env, port);
    const key = await apiKeyCredentialsOn(remote(setup.url), 'user-erase-crash@example.com');
    const apiKeyId = key.id;
    try {
      await eraseFixture(remote(setup.url, [key]), 'org-1');
    } finally {
      await setup.stop();
    }

    const before = await withDatabase(async (db) => {
      await db.query(
        `insert into comment_annotations (api_key_id, organization_id, annotation_id, document_id,
           created_at)
         select $1, 'org-1', 'bulk-' || n, 'doc-1', now() from generate_series(1, $2::int) as n`,
        [apiKeyId, THREADS],
      );
      await db.query(
        `insert into comments (api_key_id, organization_id, annotation_id, comment_id,
           comment_text, "from", created_at)
         select $1, 'org-1', 'bulk-' || (n % $4 + 1), 'c-' || n, 'Bulk', $3::jsonb, now()
         from generate_series(1, $2::int) as n`,
        [apiKeyId, COMMENTS, JSON.stringify(erased), THREADS],
      );
      await db.query(
        `insert into activities (api_key_id, organization_id, activity_id, feature_type,
           action_type, action_user, display_message_template_data, created_at, updated_at)
         select $1, 'org-1', 'mention-' || n, 'task', 'assign',
           '{"userId": "u-ann", "name": "Ann Other"}'::jsonb, $3::jsonb, now(), now()
         from generate_series(1, $2::int) as n`,
        [apiKeyId, MENTIONS, JSON.stringify({ user: erased })],
      );
      return stateOf(db, apiKeyId);
    });

    // Start the erase and kill the service while its task runs.
    const first = await spawnTestService(env, port);
    let jobId = '';
    try {
      const client = remote(first.url, [key]);
      const started = await client.send(deleteAllUserData, { userIds: [erased.userId] });
      expect(started.status).toBe(202);
      expect(started.body.data.tasksCount).toBe(1);
      jobId = started.body.data.jobId;
      await waitUntilBusy(
        'erase',
        BUSY_MS,
        async (signal) =>
          (await client.call(getDataDeletionJob, { jobId }, { signal })).data.status,
      );
    } finally {
      await first.stop('SIGKILL');
    }

    const log = join(dataDir, 'second.log');
    const second = await spawnTestService(env, port, log);
    try {
      const job = await waitForDeletionJob(remote(second.url, [key]), jobId);
      expect(job).toMatchObject({
        status: 'completed',
        isDeleteCompleted: true,
        tasksDone: 1,
        tasksLeft: 0,
      });
    } finally {
      await second.stop();
    }
    expect(readFileSync(log, 'utf8')).toMatch(FREED_ONE_AT_RESTART);

    await withDatabase(async (db) => {
      // Killed once in the erase, run again to the end: two runs, the first one left nothing.
      expect(await jobTaskRuns(db, jobId)).toEqual([{ attempts: 2, status: 'completed' }]);
      expect(await stateOf(db, apiKeyId)).toEqual({
        ...before,
        erasedComments: 0,
        naming: 0,
        eraseActivities: 1,
        // The erased user's membership is gone; Ann's and Bob's stay.
        members: before.members - 1,
      });
      expect(await canaryScan(drizzleOf(db), [erased.email, erased.name])).toEqual([]);
    });
    expect(before.erasedComments).toBe(COMMENTS + 3);
    expect(before.naming).toBeGreaterThan(MENTIONS);
  }, 120_000);
});
