import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import { finished, running } from '../../testing/agent-fixtures';
import { resultOf } from '../../testing/replies';
import { deleteAllUserData, getDataDeletionJob } from '#contract/user-data';
import { addOrganizations } from '#contract/organizations';
import { addDocuments } from '#contract/documents';
import { addUsers } from '#contract/users';
import { addAgentExecutions } from '#contract/agents';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ jobRunner: { background: false } });
});
afterAll(() => svc.close());

/**
 * Executions record an agent's runs, not a user's doings (no actionUser, no author): erasing a
 * user of their organization and document leaves every execution as it was, even one whose
 * caller-given metadata happens to carry the user's id.
 */
it('leaves executions untouched when a user of their organization is erased', async () => {
  const fx = await createWorkspaceFixture(svc);
  const user = { userId: 'u-erased', name: 'Zebulon Canary', email: 'zebulon@example.com' };
  for (const [endpoint, data] of [
    [addOrganizations, { organizations: [{ organizationId: 'o1', organizationName: 'O' }] }],
    [addDocuments, { organizationId: 'o1', documents: [{ documentId: 'd1', documentName: 'D' }] }],
    [addUsers, { organizationId: 'o1', users: [user] }],
    [addUsers, { organizationId: 'o1', documentId: 'd1', users: [user] }],
  ] as const) {
    expect((await fx.send(endpoint, data)).status).toBe(200);
  }
  const on = { organizationId: 'o1', documentId: 'd1' };
  const agents = fx;
  resultOf(
    await agents.send(addAgentExecutions, {
      executions: [
        running('x-running', on),
        finished('x-done', 'failed', {
          ...on,
          metadata: { requestedBy: user.userId },
          resultsSummary: { severityCounts: { low: 1 }, findings: [{ title: 'Typo' }] },
        }),
        finished('x-elsewhere', 'passed'),
      ],
    }),
  );
  const stored = () =>
    rows<{ row: string }>(
      svc.database.db,
      sql`select row_to_json(e)::text as row from agent_executions e
        where api_key_id = ${fx.apiKey} order by execution_id`,
    );
  const before = await stored();
  expect(before).toHaveLength(3);

  const started = await fx.send(deleteAllUserData, { userIds: [user.userId] });
  expect(started.status).toBe(202);
  await svc.app.jobRunner.runOnce();
  const status = await fx.send(getDataDeletionJob, { jobId: started.body.data.jobId });
  expect(status.body.result.data.status).toBe('completed');
  // The user is gone from the organization; the executions are not.
  const users = await rows<{ n: number }>(
    svc.database.db,
    sql`select count(*)::int as n from organization_users
      where api_key_id = ${fx.apiKey} and user_id = ${user.userId}`,
  );
  expect(users[0]?.n).toBe(0);
  expect(await stored()).toEqual(before);
});
