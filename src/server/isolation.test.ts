import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEndpoint } from '../contract/endpoint';
import { allEndpoints } from '../contract/endpoints';
import { type ErrorStatus, errorHttpStatus } from '../contract/errors';
import { adminCases } from '../contract/testing/admin-cases';
import { dataCases } from '../contract/testing/data-cases';
import { type WorkspaceFixture, createWorkspaceFixture } from './testing/fixtures';
import { type TestService, startTestService } from './testing/test-service';

/**
 * Every API-key endpoint, with each way of presenting wrong credentials, and with the right
 * credentials of workspace A aimed at what workspace B holds.
 */
let svc: TestService;
let a: WorkspaceFixture;
let b: WorkspaceFixture;
const bSecret = 'sk-b-secret-ai-key-0123456789';
beforeAll(async () => {
  svc = await startTestService();
  a = await createWorkspaceFixture(svc);
  b = await createWorkspaceFixture(svc);
  await svc.post(
    '/v2/workspace/apikeyconfig/update',
    {
      requireJwtToken: true,
      aiModelApiKey: [{ provider: 'openai', customerApiKey: bSecret }],
    },
    b.apiKeyHeaders,
  );
  // B holds organization data under the very ids A's sample calls name (o1, f1, d1, u1, g1, n1), so
  // that a call of A reaching B's rows would show in B's state.
  for (const [path, data] of [
    ['/v2/organizations/add', { organizations: [{ organizationId: 'o1', organizationName: 'B' }] }],
    [
      '/v2/organizations/folders/add',
      { organizationId: 'o1', folders: [{ folderId: 'f1', folderName: 'B folder' }] },
    ],
    [
      '/v2/organizations/documents/add',
      {
        organizationId: 'o1',
        folderId: 'f1',
        documents: [{ documentId: 'd1', documentName: 'B' }],
      },
    ],
    [
      '/v2/users/add',
      { organizationId: 'o1', users: [{ userId: 'u1', name: 'Bea', email: 'bea@b.example.com' }] },
    ],
    [
      '/v2/users/add',
      {
        organizationId: 'o1',
        documentId: 'd1',
        users: [{ userId: 'u1', name: 'Bea', email: 'bea@b.example.com' }],
      },
    ],
    [
      '/v2/organizations/usergroups/add',
      { organizationId: 'o1', organizationUserGroups: [{ groupId: 'g1', groupName: 'B group' }] },
    ],
    [
      '/v2/organizations/usergroups/users/add',
      { organizationId: 'o1', organizationUserGroupId: 'g1', userIds: ['u1'] },
    ],
    // Reactions, recordings and activities (each item records one) under the ids A's samples use.
    [
      '/v2/reactions/add',
      {
        organizationId: 'o1',
        documentId: 'd1',
        reactions: [{ reactionId: 'r1', icon: 'B-reaction', from: { userId: 'u1' } }],
      },
    ],
    [
      '/v2/recordings/add',
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
      '/v2/activities/add',
      {
        organizationId: 'o1',
        activities: [
          {
            id: 'a1',
            featureType: 'custom',
            actionType: 'B-action',
            actionUser: { userId: 'u1' },
          },
        ],
      },
    ],
    [
      '/v1/notifications/add',
      {
        organizationId: 'o1',
        documentId: 'd1',
        notificationId: 'n1',
        locationId: 'l1',
        actionUser: { userId: 'u1', name: 'Bea', email: 'bea@b.example.com' },
        displayHeadlineMessageTemplate: 'B headline',
        displayBodyMessage: 'B body',
        notifyUsers: [{ userId: 'u1' }],
      },
    ],
    // Executions under the ids A's samples add: A's calls must add its own, not touch these.
    [
      '/v2/agents/execution/add',
      {
        executions: ['x1', 'x2'].map((id) => ({
          id,
          agentId: 'a1',
          agentName: 'B agent',
          agentVersion: 1,
          status: 'running',
          message: 'B-execution',
          startedAt: 1_700_000_000_000,
          trigger: 'standalone',
          organizationId: 'o1',
          documentId: 'd1',
        })),
      },
    ],
    [
      '/v2/memory/judgments/add',
      {
        judgments: [1, 2, 3].map((n) => ({
          judgmentId: `j${n}`,
          organizationId: 'o1',
          documentId: 'd1',
          text: 'Approve the refund? B-judgment',
          decision: 'approve',
          reviewerId: 'u1',
        })),
      },
    ],
  ] as const) {
    const res = await svc.post(path, data, b.apiKeyHeaders);
    if (res.status !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  }
});
afterAll(() => svc.close());

const apiKeyEndpoints = allEndpoints.filter((e) => e.auth === 'apiKey');
const samples: Record<string, { valid: unknown[] }> = { ...adminCases, ...dataCases };
const error = (status: string, message: string) => ({ error: { status, message } });
/** The error envelope of one endpoint: with its numeric code where the contract asks for one. */
const errorOf = (e: AnyEndpoint, status: ErrorStatus, message: string) =>
  e.numericErrorCode
    ? { error: { status, message, code: errorHttpStatus[status] } }
    : error(status, message);

/** What B holds, read with B's own credentials through every read endpoint that is built. */
async function stateOfB(): Promise<string> {
  const reads = allEndpoints.filter(
    (e) =>
      e.auth === 'apiKey' &&
      /\/get$|\/list$/.test(e.path) &&
      !svc.app.unimplementedPaths.includes(e.path),
  );
  const answers = await Promise.all(
    reads.map(async (e) => {
      const sample = samples[e.name]?.valid[0];
      return [e.path, (await svc.post(e.path, sample, b.apiKeyHeaders)).body] as const;
    }),
  );
  return JSON.stringify(answers);
}

describe.each(apiKeyEndpoints.map((e) => [e.name, e] as const))('%s', (_name, e) => {
  const sample = () => samples[e.name]?.valid[0] ?? {};

  it('asks for the API key and the token, in that order', async () => {
    const token = a.apiKeyHeaders['x-svc-auth-token'] ?? '';
    expect((await svc.post(e.path, sample())).body).toEqual(
      errorOf(e, 'INVALID_ARGUMENT', 'API key not found in headers.'),
    );
    expect((await svc.post(e.path, sample(), { 'x-svc-auth-token': token })).body).toEqual(
      errorOf(e, 'INVALID_ARGUMENT', 'API key not found in headers.'),
    );
    expect((await svc.post(e.path, sample(), { 'x-svc-api-key': a.apiKey })).body).toEqual(
      errorOf(e, 'INVALID_ARGUMENT', 'Auth Token not found in headers.'),
    );
  });

  it('refuses an unknown key and a key with another key’s token', async () => {
    const unknown = await svc.post(e.path, sample(), {
      ...a.apiKeyHeaders,
      'x-svc-api-key': 'ak_doesNotExist',
    });
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual(errorOf(e, 'PERMISSION_DENIED', 'Invalid API key.'));
    const crossed = await svc.post(e.path, sample(), {
      'x-svc-api-key': a.apiKey,
      'x-svc-auth-token': b.apiKeyHeaders['x-svc-auth-token'] ?? '',
    });
    expect(crossed.status).toBe(401);
    expect(crossed.body).toEqual(errorOf(e, 'UNAUTHENTICATED', 'Invalid auth token.'));
  });
});

it('never returns or changes anything of workspace B when A calls every endpoint', async () => {
  const before = await stateOfB();
  expect(before).toContain('openai');
  expect(before).toContain('B folder');
  expect(before).toContain('bea@b.example.com');
  expect(before).toContain('B-action');
  expect(before).toContain('B-reaction');
  expect(before).toContain('B headline');
  expect(before).toContain('B-execution');
  expect(before).toContain('B-judgment');
  for (const e of apiKeyEndpoints) {
    for (const input of samples[e.name]?.valid ?? []) {
      const res = await svc.post(e.path, input, a.apiKeyHeaders);
      expect(res.status, `${e.name} ${JSON.stringify(res.body)}`).toBeLessThan(500);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(b.apiKey);
      expect(text).not.toContain(b.workspace.id);
      expect(text).not.toContain(b.workspace.owner.email);
    }
  }
  expect(await stateOfB()).toBe(before);
});

it('never shows an audit entry of workspace B to A (Get Audit Log)', async () => {
  const path = '/v2/workspace/auditlog/get';
  const ofB = JSON.stringify((await svc.post(path, {}, b.workspaceHeaders)).body);
  expect(ofB).toContain(b.apiKey);
  for (const data of [{}, { apiKey: b.apiKey }, { action: 'Update API Key Config' }]) {
    const res = await svc.post(path, data, a.workspaceHeaders);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(b.apiKey);
    expect(text).not.toContain(b.workspace.id);
  }
  const crossed = await svc.post(
    path,
    {},
    {
      'x-svc-workspace-id': b.workspace.id,
      'x-svc-workspace-auth-token': a.workspaceHeaders['x-svc-workspace-auth-token'] ?? '',
    },
  );
  expect(crossed.status).toBeGreaterThanOrEqual(400);
  expect(crossed.status).toBeLessThan(500);
  expect(JSON.stringify(crossed.body)).not.toContain(b.apiKey);
});
