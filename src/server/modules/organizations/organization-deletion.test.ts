import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import type { AnyEndpoint } from '#contract/endpoint';
import { addNotifications } from '#contract/notifications';
import {
  addOrganizations,
  addUserGroups,
  addUsersToGroups,
  deleteOrganizations,
} from '#contract/organizations';
import { addFolder } from '#contract/folders';
import { addDocuments } from '#contract/documents';
import { addUsers } from '#contract/users';
import { addActivityLogs, addCommentAnnotations } from '#contract/activities';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { addJudgments } from '#contract/memory';
import { addAgentExecutions } from '#contract/agents';
import { updateEmailConfig } from '#contract/email-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

type Ok = { result: { data: Record<string, { success: boolean }> } };

/** Every table of the schema that holds rows of an organization. */
async function organizationTables(): Promise<string[]> {
  const found = await rows<{ table_name: string }>(
    svc.database.db,
    sql`select c.table_name from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'organization_id'
        and t.table_type = 'BASE TABLE'
      order by c.table_name`,
  );
  return found.map((r) => r.table_name);
}

async function countsOf(apiKeyId: string, organizationId: string) {
  const counts: Record<string, number> = {};
  for (const table of await organizationTables()) {
    const [row] = await rows<{ n: number }>(
      svc.database.db,
      sql`select count(*)::int as n from ${sql.identifier(table)}
        where api_key_id = ${apiKeyId} and organization_id = ${organizationId}`,
    );
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/**
 * An organization with something in every table: folders, documents, users, groups, comments,
 * reactions, recordings, activities, notifications, agent executions, judgments (added, and
 * derived from an approval activity).
 */
async function populate(fx: WorkspaceFixture, organizationId: string) {
  const post = async (endpoint: AnyEndpoint, data: unknown) => {
    const res = await fx.send(endpoint, data);
    expect(res.status, `${endpoint.path}: ${JSON.stringify(res.body)}`).toBe(200);
    for (const item of Object.values((res.body as Ok).result.data)) expect(item.success).toBe(true);
  };
  await post(addOrganizations, {
    organizations: [{ organizationId, organizationName: `Org ${organizationId}` }],
  });
  await post(addFolder, {
    organizationId,
    folders: [
      { folderId: 'top', folderName: 'Top' },
      { folderId: 'sub', folderName: 'Sub', parentFolderId: 'top' },
    ],
  });
  await post(addDocuments, {
    organizationId,
    folderId: 'sub',
    documents: [{ documentId: 'doc', documentName: 'Doc' }],
  });
  const user = { userId: 'u1', name: 'Ann Lee', email: 'ann@example.com' };
  await post(addUsers, { organizationId, users: [user] });
  await post(addUsers, { organizationId, documentId: 'doc', users: [user] });
  await post(addUsers, { organizationId, folderId: 'sub', users: [user] });
  await post(addUserGroups, {
    organizationId,
    organizationUserGroups: [{ groupId: 'g1', groupName: 'Group' }],
  });
  await post(addUsersToGroups, {
    organizationId,
    organizationUserGroupId: 'g1',
    userIds: ['u1'],
  });
  // Comments, reactions and recordings also record activities; a mention, an e-mail.
  const mentioned = { userId: 'u2', name: 'Bo Lee', email: 'bo@example.com' };
  await post(addUsers, { organizationId, users: [mentioned] });
  expect((await fx.send(updateEmailConfig, { useEmailService: true })).status).toBe(200);
  await post(addCommentAnnotations, {
    organizationId,
    documentId: 'doc',
    commentAnnotations: [{ commentData: [{ commentText: 'Hello', from: user, to: [mentioned] }] }],
  });
  await post(addReactions, {
    organizationId,
    documentId: 'doc',
    reactions: [{ icon: '👍', from: user }],
  });
  await post(addRecordings, {
    organizationId,
    documentId: 'doc',
    recordings: [{ type: 'audio', url: 'https://media.example.com/r.webm', from: user }],
  });
  await post(addJudgments, {
    judgments: [
      { organizationId, documentId: 'doc', text: 'Refund', decision: 'approve', reviewerId: 'u1' },
    ],
  });
  await post(addActivityLogs, {
    organizationId,
    activities: [
      {
        documentId: 'doc',
        featureType: 'document',
        actionType: 'approved',
        actionUser: user,
        displayMessageTemplate: '{{actionUser}} approved the refund',
        displayMessageTemplateData: { actionUser: user },
      },
    ],
  });
  // Add Notifications answers one `{ success, message }`, not a map keyed by id.
  const notification = await fx.send(addNotifications, {
    organizationId,
    documentId: 'doc',
    actionUser: user,
    displayHeadlineMessageTemplate: '{actionUser} said hello',
    displayBodyMessage: 'Hello',
    notifyUsers: [],
  });
  expect(notification.body.result.data.success).toBe(true);
  await post(addAgentExecutions, {
    executions: [
      {
        id: `${organizationId}-execution`,
        agentId: 'agent-1',
        agentName: 'Reviewer',
        agentVersion: 1,
        status: 'passed',
        message: 'No findings',
        startedAt: 1_700_000_000_000,
        completedAt: 1_700_000_001_000,
        trigger: 'standalone',
        organizationId,
        documentId: 'doc',
      },
    ],
  });
}

it('removes every row of the organization, in every table, and nothing of another', async () => {
  const fx = await createWorkspaceFixture(svc);
  const other = await createWorkspaceFixture(svc);
  await populate(fx, 'doomed');
  await populate(fx, 'kept');
  // The same organization id under another API key is another organization.
  await populate(other, 'doomed');

  const before = await countsOf(fx.apiKey, 'doomed');
  const keptBefore = await countsOf(fx.apiKey, 'kept');
  const otherBefore = await countsOf(other.apiKey, 'doomed');
  // The test is only as good as its data: every table must hold rows of the organization.
  for (const [table, n] of Object.entries(before)) {
    expect(n, `${table} has no rows of the organization to delete`).toBeGreaterThan(0);
  }

  const res = await fx.send(deleteOrganizations, { organizationIds: ['doomed'] });
  expect(res.body.result.data.doomed?.success).toBe(true);

  const after = await countsOf(fx.apiKey, 'doomed');
  expect(after).toEqual(Object.fromEntries(Object.keys(before).map((t) => [t, 0])));
  expect(await countsOf(fx.apiKey, 'kept')).toEqual(keptBefore);
  expect(await countsOf(other.apiKey, 'doomed')).toEqual(otherBefore);
});
