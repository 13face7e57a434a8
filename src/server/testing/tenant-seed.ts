import type { AnyEndpoint } from '#contract/endpoint';
import { addOrganizations, addUserGroups, addUsersToGroups } from '#contract/organizations';
import { addFolder } from '#contract/folders';
import { addDocuments } from '#contract/documents';
import { addUsers } from '#contract/users';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { addActivityLogs } from '#contract/activities';
import { addNotifications } from '#contract/notifications';
import { addAgentExecutions } from '#contract/agents';
import { addJudgments } from '#contract/memory';
import { createAdvancedWebhookEndpoint, updateAdvancedWebhookConfig } from '#contract/webhooks';
import type { WorkspaceFixture } from './fixtures';
import { dataOf } from './replies';

/**
 * Organization data under the ids the contract's sample requests name (o1, f1, d1, u1, g1, n1,
 * r1, rec1, a1, x1, x2, j1–j3), so that a sample sent with these credentials, or a mutation of
 * one, reaches the rows and rules it is about instead of stopping at "not found".
 */
const seedCalls: readonly (readonly [AnyEndpoint, unknown])[] = [
  [addOrganizations, { organizations: [{ organizationId: 'o1', organizationName: 'Seed' }] }],
  [addFolder, { organizationId: 'o1', folders: [{ folderId: 'f1', folderName: 'Seed folder' }] }],
  [
    addDocuments,
    {
      organizationId: 'o1',
      folderId: 'f1',
      documents: [{ documentId: 'd1', documentName: 'Seed' }],
    },
  ],
  [
    addUsers,
    { organizationId: 'o1', users: [{ userId: 'u1', name: 'Bea', email: 'bea@b.example.com' }] },
  ],
  [
    addUsers,
    {
      organizationId: 'o1',
      documentId: 'd1',
      users: [{ userId: 'u1', name: 'Bea', email: 'bea@b.example.com' }],
    },
  ],
  [
    addUserGroups,
    { organizationId: 'o1', organizationUserGroups: [{ groupId: 'g1', groupName: 'Seed group' }] },
  ],
  [addUsersToGroups, { organizationId: 'o1', organizationUserGroupId: 'g1', userIds: ['u1'] }],
  [
    addReactions,
    {
      organizationId: 'o1',
      documentId: 'd1',
      reactions: [{ reactionId: 'r1', icon: 'seed-reaction', from: { userId: 'u1' } }],
    },
  ],
  [
    addRecordings,
    {
      organizationId: 'o1',
      documentId: 'd1',
      recordings: [
        {
          recordingId: 'rec1',
          type: 'video',
          url: 'https://b.example.com/r',
          from: { userId: 'u1' },
        },
      ],
    },
  ],
  [
    addActivityLogs,
    {
      organizationId: 'o1',
      activities: [
        {
          id: 'a1',
          featureType: 'custom',
          actionType: 'seed-action',
          actionUser: { userId: 'u1' },
        },
      ],
    },
  ],
  [
    addNotifications,
    {
      organizationId: 'o1',
      documentId: 'd1',
      notificationId: 'n1',
      locationId: 'l1',
      actionUser: { userId: 'u1', name: 'Bea', email: 'bea@b.example.com' },
      displayHeadlineMessageTemplate: 'Seed headline',
      displayBodyMessage: 'Seed body',
      notifyUsers: [{ userId: 'u1' }],
    },
  ],
  [
    addAgentExecutions,
    {
      executions: ['x1', 'x2'].map((id) => ({
        id,
        agentId: 'a1',
        agentName: 'Seed agent',
        agentVersion: 1,
        status: 'running',
        message: 'seed-execution',
        startedAt: 1_700_000_000_000,
        trigger: 'standalone',
        organizationId: 'o1',
        documentId: 'd1',
      })),
    },
  ],
  [
    addJudgments,
    {
      judgments: [1, 2, 3].map((n) => ({
        judgmentId: `j${n}`,
        organizationId: 'o1',
        documentId: 'd1',
        text: 'Approve the refund? seed-judgment',
        decision: 'approve',
        reviewerId: 'u1',
      })),
    },
  ],
  [updateAdvancedWebhookConfig, { isEnabled: true }],
];

/** What the samples cannot name in advance: the webhook endpoint's id, the API key's. */
export interface SeededTenant {
  endpointId: string;
  apiKey: string;
}

/** Writes the seed with the fixture's API key; throws when a call is refused. */
export async function seedTenant(
  fx: Pick<WorkspaceFixture, 'send' | 'apiKey'>,
): Promise<SeededTenant> {
  for (const [endpoint, data] of seedCalls) {
    const res = await fx.send(endpoint, data);
    if (res.status !== 200) throw new Error(`${endpoint.path}: ${JSON.stringify(res.body)}`);
  }
  const endpoint = await fx.send(createAdvancedWebhookEndpoint, {
    url: 'https://hooks.example.com/seed',
    description: 'seed-endpoint',
  });
  return { endpointId: dataOf(endpoint).id, apiKey: fx.apiKey };
}

/**
 * A sample request with the values of the named fields replaced, wherever they occur: the ids
 * that samples cannot know in advance (`endpointId: 'ep_1'`, `apiKey: 'k1'`) made real ones.
 */
export function withIds(sample: unknown, byField: Record<string, string>): unknown {
  if (Array.isArray(sample)) return sample.map((item) => withIds(item, byField));
  if (typeof sample !== 'object' || sample === null) return sample;
  return Object.fromEntries(
    Object.entries(sample).map(([field, value]) => [
      field,
      typeof value === 'string' && byField[field] !== undefined
        ? byField[field]
        : withIds(value, byField),
    ]),
  );
}

/** A sample request naming the seeded webhook endpoint and API key. */
export function withSeededIds(sample: unknown, seeded: SeededTenant): unknown {
  return withIds(sample, { endpointId: seeded.endpointId, apiKey: seeded.apiKey });
}
