import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, getAuditLog } from '#contract/audit-log';
import { allEndpoints } from '#contract/endpoints';
import { adminCases } from '#contract/testing/admin-cases';
import { dataCases } from '#contract/testing/data-cases';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { storedEntries } from '../../testing/audit-fixtures';
import { updateAdvancedWebhookEndpoint } from '#contract/webhooks';
import { updateWebhookServiceConfig } from '#contract/webhook-service';
import type { Credentials } from '#contract/credentials';
import { getCurrentSession } from '#contract/sessions';
import { loginCodeFor, sessionOnly, signIn } from '../../testing/session-fixtures';

/**
 * Every endpoint of the contract is either a write, called here once with a body that succeeds
 * and expected to record exactly one entry, or a read, expected to record none: an endpoint in
 * neither table fails the first test, so a new endpoint cannot go without its audit.
 */
let svc: TestService;
let ws: WorkspaceFixture;
/** Ids that one call makes and a later call needs. */
const made: Record<string, string> = {};

const samples: Record<string, { valid: unknown[] }> = { ...adminCases, ...dataCases };
const sample = (name: string): unknown => samples[name]?.valid[0];

interface WriteCall {
  data: () => unknown;
  /** Done before the call: what it needs that another call must make first. */
  prepare?: () => Promise<void>;
  /** Credentials other than the fixture's for the endpoint's level (a session's). */
  credentials?: () => Credentials;
  /** The credential the entry names, when not the fixture's workspace or key. */
  credential?: () => AuditEntry['actor']['credential'];
  /** Target kinds the entry must name, with their ids. */
  target?: () => Record<string, string>;
  /** Fields the entry must show as changed. */
  changes?: string[];
}

const endpointId = () => made.endpointId ?? '';
/** The writes in the order they can succeed: an endpoint before its updates, data before deletes. */
const WRITES: Record<string, WriteCall> = {
  'Create Workspace': { data: () => ({ ownerEmail: `audit.${Date.now()}@example.com` }) },
  'Create API Key': { data: () => ({ type: 'testing' }) },
  'Add Domains': {
    data: () => ({ domains: ['https://www.audit.example.com'] }),
    changes: ['allowedDomains'],
  },
  'Delete Domains': {
    data: () => ({ domains: ['audit.example.com'] }),
    changes: ['allowedDomains'],
  },
  'Update API Key': {
    data: () => ({ apiKey: made.apiKeyId, apiKeyName: 'Renamed for the audit' }),
    target: () => ({ apiKeyId: made.apiKeyId ?? '' }),
    changes: ['apiKeyName'],
  },
  'Reset Auth Token': {
    data: () => ({ apiKey: made.apiKeyId }),
    target: () => ({ apiKeyId: made.apiKeyId ?? '' }),
    changes: ['authToken'],
  },
  'Update API Key Config': {
    data: () => ({
      requireJwtToken: true,
      aiModelApiKey: [{ provider: 'openai', customerApiKey: AI_KEY }],
    }),
    changes: ['requireJwtToken', 'aiModelsConfig'],
  },
  'Update Activity Config': {
    data: () => ({ activityServiceConfig: { triggers: { comment: { 'comment.add': false } } } }),
    changes: ['triggers.comment.comment.add'],
  },
  'Update Permission Provider Config': {
    data: () => ({
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://perm.example.com/check',
        authToken: PROVIDER_TOKEN,
      },
    }),
    changes: ['usePermissionProvider', 'permissionProviderUrl', 'permissionProviderToken'],
  },
  'Update Advanced Webhook Config': { data: () => ({ isEnabled: true }), changes: ['isEnabled'] },
  'Create Advanced Webhook Endpoint': { data: () => ({ url: 'https://hooks.example.com/in' }) },
  'Update Advanced Webhook Endpoint': {
    data: () => ({ endpointId: endpointId(), description: 'audited' }),
    target: () => ({ endpointId: endpointId() }),
    changes: ['description'],
  },
  'Rotate Advanced Webhook Endpoint Secret': {
    data: () => ({ endpointId: endpointId() }),
    changes: ['secret'],
  },
  'Send Test Event': { data: () => ({ endpointId: endpointId() }) },
  'Update Webhook Config': {
    data: () => ({
      useWebhookService: true,
      webhookServiceConfig: {
        authToken: WEBHOOK_SERVICE_TOKEN,
        rawNotificationUrl: 'https://hooks.example.com/raw',
      },
    }),
    changes: ['useWebhookService', 'authToken', 'rawNotificationUrl', 'triggers'],
  },
  'Send Webhook Service Test Event': {
    prepare: async () => {
      await ws.send(updateWebhookServiceConfig, {
        useWebhookService: true,
        webhookServiceConfig: { rawNotificationUrl: 'https://hooks.example.com/raw' },
      });
    },
    data: () => ({}),
  },
  'Resend Advanced Webhook Message': {
    data: () => ({ endpointId: endpointId(), messageId: made.messageId }),
  },
  'Recover Failed Advanced Webhook Messages': {
    data: () => ({ endpointId: endpointId(), since: '2024-05-01T10:00:00.000Z' }),
  },
  'Delete Advanced Webhook Endpoint': {
    data: () => ({ endpointId: endpointId() }),
    target: () => ({ endpointId: endpointId() }),
  },
  'Add Organizations': { data: () => sample('Add Organizations') },
  'Add Folder': { data: () => sample('Add Folder') },
  'Add Documents': {
    data: () => sample('Add Documents'),
    target: () => ({ organizationId: 'o1' }),
  },
  'Add Users': { data: () => sample('Add Users') },
  'Add User Groups': {
    data: () => ({
      organizationId: 'o1',
      organizationUserGroups: [{ groupId: 'g1', groupName: 'G' }],
    }),
  },
  'Add Users to Groups': { data: () => sample('Add Users to Groups') },
  'Delete Users from Groups': { data: () => sample('Delete Users from Groups') },
  'Add Notifications': { data: () => sample('Add Notifications') },
  'Delete Notifications': { data: () => sample('Delete Notifications') },
  'Add Activity Logs': { data: () => sample('Add Activity Logs') },
  'Update Activity Logs': { data: () => sample('Update Activity Logs') },
  'Add Comment Annotations': { data: () => sample('Add Comment Annotations') },
  'Add Reactions': { data: () => sample('Add Reactions') },
  'Add Recordings': { data: () => sample('Add Recordings') },
  'Add Agent Executions': { data: () => sample('Add Agent Executions') },
  'Add Judgments': { data: () => sample('Add Judgments') },
  'Migrate Documents': { data: () => sample('Migrate Documents') },
  'Delete All User Data': { data: () => sample('Delete All User Data') },
  'Delete Organizations': { data: () => sample('Delete Organizations') },
  // Team access (DESIGN.md § Team access): a sign-in is recorded in each of the person's
  // workspaces, naming the person; so is a sign-out.
  'Complete Login': {
    prepare: async () => {
      made.oobCode = await loginCodeFor(svc, ws.workspace.owner.email);
    },
    data: () => ({ oobCode: made.oobCode }),
  },
  'Sign Out': {
    prepare: async () => {
      const owner = await signIn(svc, ws.workspace.owner.email);
      made.cookie = owner.cookie;
      made.sessionId = (
        await svc.call(getCurrentSession, undefined, { credentials: sessionOnly(owner.cookie) })
      ).data.sessionId;
    },
    data: () => undefined,
    credentials: () => sessionOnly(made.cookie ?? ''),
    credential: () => ({ kind: 'session', id: made.sessionId ?? '' }),
  },
  'Revoke Sessions': {
    data: () => ({ email: ws.workspace.owner.email }),
    target: () => ({ email: ws.workspace.owner.email }),
  },
  'Invite Member': {
    data: () => ({ email: MEMBER, role: 'viewer' }),
    target: () => ({ member: MEMBER }),
    changes: ['role'],
  },
  'Update Member': {
    data: () => ({ email: MEMBER, role: 'admin' }),
    target: () => ({ member: MEMBER }),
    changes: ['role'],
  },
  'Remove Member': {
    data: () => ({ email: MEMBER }),
    target: () => ({ member: MEMBER }),
    changes: ['role'],
  },
  'Update Email Config': {
    data: () => ({
      useEmailService: true,
      emailServiceConfig: { type: 'sendgrid', apiKey: SENDGRID_KEY, fromEmail: 'a@example.com' },
    }),
    changes: ['useEmailService', 'type', 'apiKey', 'fromEmail'],
  },
  'Send Test Email': { data: () => ({ to: 'audit.test@example.com' }) },
};

/** Invited, changed and removed by the team endpoints' calls above. */
const MEMBER = 'audited.member@example.com';

/** Endpoints that change nothing; Send Login Link acts for an address, not for a workspace. */
const READS = new Set([
  'Get Workspace',
  'Send Login Link',
  'Get Email Verification Status',
  'Get Auth Tokens',
  'Get API Keys',
  'Get Domains',
  'Get API Key Config',
  'Get Permission Provider Config',
  'Get API Key Counts',
  'Get Advanced Webhook Config',
  'Get Advanced Webhook Endpoints',
  'Get Advanced Webhook Endpoint Secret',
  'List Advanced Webhook Endpoint Messages',
  'Get Advanced Webhook Endpoint Stats',
  'Get Advanced Webhook Event Types',
  'Get Webhook Service Stats',
  'Get Webhook Config',
  'List Webhook Service Deliveries',
  'Get Organizations',
  'Get Folders (v1)',
  'Get Folders (v2)',
  'Get Documents',
  'Migrate Documents Status',
  'Get Users',
  'Get User Groups',
  'Get All User Data',
  'Get Data Deletion Job',
  'Get Notifications',
  'Get Activity Logs',
  'Get Activity Config',
  'List Agent Executions',
  'Get Judgments',
  'Suggest Decision',
  'Get Audit Log',
  'Get Workspace Auth Token',
  'Get Members',
  'Get Current Session',
  'Get Sessions',
  'Get Workspace Status',
  'Get Email Config',
  'Get Sent Emails',
]);

const AI_KEY = 'sk-audit-canary-ai-key-0123456789';
const PROVIDER_TOKEN = 'provider-audit-canary-token-987654';
const WEBHOOK_SERVICE_TOKEN = 'webhook-service-audit-canary-5521';
const SENDGRID_KEY = 'SG.audit-canary-sendgrid-key-24680';

beforeAll(async () => {
  svc = await startTestService();
  ws = await createWorkspaceFixture(svc);
});
afterAll(() => svc.close());

it('knows every endpoint of the contract as a write or a read, as the contract marks it', () => {
  for (const e of allEndpoints) {
    const listed = e.name in WRITES ? 'write' : READS.has(e.name) ? 'read' : 'neither';
    expect(`${e.name}: ${listed}`).toBe(`${e.name}: ${e.write ? 'write' : 'read'}`);
  }
});

const writes = Object.keys(WRITES).map((name) => {
  const e = allEndpoints.find((x) => x.name === name);
  if (!e) throw new Error(`${name} is not an endpoint of the contract`);
  return [name, e] as const;
});

describe.each(writes)('%s', (name, e) => {
  it('records one entry of its call, in the caller’s workspace', async () => {
    const call = WRITES[name] as WriteCall;
    await call.prepare?.();
    const before = await storedEntries(svc, ws.workspace.id);
    // The fixture presents the credentials of the endpoint's level (none for a public one), unless
    // the call brings its own (a session's).
    const res = await ws.send(e, call.data(), {
      credentials: call.credentials?.(),
      headers: { 'user-agent': 'audit-test/1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    // Envelope A or B holds the answer in `result`, envelope C at the top.
    const body = res.body as { result?: { data?: unknown }; data?: unknown };
    const data = (body.result?.data ?? body.data) as Record<string, unknown> | undefined;
    if (name === 'Create API Key') made.apiKeyId = String(data?.apiKey);
    if (name === 'Create Advanced Webhook Endpoint') made.endpointId = String(data?.id);
    if (name === 'Send Test Event') made.messageId = String(data?.messageId ?? data?.id);
    if (e.auth === 'public' && name !== 'Complete Login') {
      const owner = String(data?.id);
      const [entry] = await storedEntries(svc, owner);
      expect(entry?.action).toBe(name);
      return;
    }
    const after = await storedEntries(svc, ws.workspace.id);
    // Old entries unchanged, one new one.
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after).toHaveLength(before.length + 1);
    const [entry] = (await ws.call(getAuditLog, { pageSize: 1 })).data as [AuditEntry];
    expect(entry.action).toBe(name);
    expect(entry.actor.userAgent).toBe('audit-test/1');
    expect(entry.actor.ip).toMatch(/127\.0\.0\.1/);
    expect(entry.actor.credential).toEqual(
      call.credential?.() ??
        (e.auth === 'apiKey'
          ? { kind: 'apiKey', id: ws.apiKey }
          : e.auth === 'workspace'
            ? { kind: 'workspace', id: ws.workspace.id }
            : { kind: 'session', id: expect.stringMatching(/^ses_/) }),
    );
    expect(entry.target.workspaceId).toBe(ws.workspace.id);
    if (e.auth === 'apiKey') expect(entry.target.apiKeyId).toBe(ws.apiKey);
    expect(entry.target).toMatchObject(call.target?.() ?? {});
    expect(Object.keys(entry.changes)).toEqual(expect.arrayContaining(call.changes ?? []));
    const text = JSON.stringify(entry);
    for (const secret of [
      AI_KEY,
      PROVIDER_TOKEN,
      WEBHOOK_SERVICE_TOKEN,
      SENDGRID_KEY,
      ws.credentials.apiKey.id,
      ws.credentials.apiKey.token,
      ws.workspace.authToken,
      // A login code and a session token are secrets too.
      ...[made.oobCode, made.cookie].filter((v) => v !== undefined),
    ]) {
      if (secret !== ws.apiKey) expect(text).not.toContain(secret);
    }
    expect(text.length).toBeLessThan(4096);
  });
});

it('records nothing of reads, nor of refused calls', async () => {
  const before = await storedEntries(svc, ws.workspace.id);
  for (const e of allEndpoints) {
    if (e.write) {
      // Refused after authentication: a body that fails validation, and one the handler refuses.
      await ws.send(e, { unknownField: 1 });
    } else if (e.auth !== 'public') {
      await ws.send(e, sample(e.name));
    }
  }
  const missing = await ws.send(updateAdvancedWebhookEndpoint, {
    endpointId: 'ep_missing',
    description: 'x',
  });
  expect(missing.status).toBe(400);
  expect(await storedEntries(svc, ws.workspace.id)).toEqual(before);
});
