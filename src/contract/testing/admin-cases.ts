import type { RequestCases } from './request-cases';

/**
 * Cases of the workspace, api-keys, webhooks, audit-log, team, status and sessions areas, by
 * endpoint name.
 */
export const adminCases: Record<string, RequestCases> = {
  'Create Workspace': {
    valid: [{ ownerEmail: 'owner@example.com' }],
    invalid: [undefined, {}, { ownerEmail: 'nope' }, { ownerEmail: 'a@b.co', name: '' }],
  },
  'Get Workspace': { valid: [undefined, {}], invalid: [null, 'x', []] },
  'Send Login Link': {
    valid: [{ email: 'a@example.com', continueUrl: 'http://localhost:8787' }],
    invalid: [{ email: 'a@example.com' }, { email: 'bad', continueUrl: 'http://localhost' }],
  },
  'Get Email Verification Status': {
    valid: [{ ownerEmail: 'a@example.com' }],
    invalid: [{}, { ownerEmail: 'x' }],
  },
  'Complete Login': { valid: [{ oobCode: 'abc' }], invalid: [{}, { oobCode: '' }] },
  'Reset Auth Token': { valid: [{ apiKey: 'k1' }], invalid: [{}, { apiKey: '  ' }] },
  'Get Auth Tokens': { valid: [{ apiKey: 'k1' }], invalid: [undefined, { apiKey: 5 }] },
  'Get API Keys': {
    valid: [undefined, {}, { pageSize: 1 }, { apiKeys: ['k1'] }],
    invalid: [{ pageSize: 0 }, { pageSize: 101 }, { apiKeys: [] }, { pageToken: '' }],
  },
  'Get Domains': { valid: [undefined, {}], invalid: [null, 'x', []] },
  'Add Domains': {
    valid: [{ domains: ['https://www.example.com', '*.example.org'] }, { domains: ['localhost'] }],
    invalid: [{}, { domains: [] }, { domains: ['not a domain'] }, { domains: ['*.com'] }],
  },
  'Delete Domains': {
    valid: [{ domains: ['example.com'] }],
    invalid: [{ domains: [] }, { domains: ['exa mple.com'] }, { domains: 'example.com' }],
  },
  'Update API Key': {
    valid: [{ apiKey: 'k1', apiKeyName: 'Renamed key' }],
    invalid: [{ apiKey: 'k1' }, { apiKey: 'k1', apiKeyName: '' }, { apiKeyName: 'x' }],
  },
  'Create API Key': {
    valid: [{ type: 'testing' }, { type: 'production', apiKeyName: 'Prod' }],
    invalid: [{}, { type: 'staging' }, { type: 'testing', apiKeyName: '' }],
  },
  'Update API Key Config': {
    valid: [
      { enablePrivateComments: true },
      { defaultDocumentAccessType: 'organizationPrivate' },
      { aiModelApiKey: [{ provider: 'openai', customerApiKey: 'sk-1' }] },
    ],
    invalid: [
      { aiModelApiKey: [{ provider: 'p'.repeat(65), customerApiKey: 'k' }] },
      undefined,
      {},
      { unknownField: true },
      { enablePrivateComments: true, extra: 1 },
      { enablePrivateComments: 'yes' },
      { defaultDocumentAccessType: 'private' },
      { aiModelApiKey: [] },
      { aiModelApiKey: [{ provider: 'openai', customerApiKey: '' }] },
      { aiModelApiKey: [{ provider: '', customerApiKey: 'k' }] },
      { aiModelApiKey: [{ provider: 'OpenAI', customerApiKey: 'k' }] },
      {
        aiModelApiKey: [
          { provider: 'openai', customerApiKey: 'a' },
          { provider: 'openai', customerApiKey: 'b' },
        ],
      },
    ],
  },
  'Get API Key Config': { valid: [undefined, {}], invalid: [7, 'x'] },
  'Get API Key Counts': { valid: [undefined, {}], invalid: [7, 'x'] },
  'Get Permission Provider Config': { valid: [undefined, {}], invalid: [true] },
  'Update Permission Provider Config': {
    valid: [
      { usePermissionProvider: true },
      { permissionProviderConfig: { permissionProviderUrl: 'https://perm.example.com/check' } },
      { permissionProviderConfig: { authToken: 'tok' } },
    ],
    invalid: [
      undefined,
      {},
      { usePermissionProvider: 'true' },
      { permissionProviderConfig: {} },
      { permissionProviderConfig: { permissionProviderUrl: 'http://perm.example.com' } },
      { permissionProviderConfig: { permissionProviderUrl: 'not a url' } },
      { usePermissionProvider: true, other: 1 },
    ],
  },
  'Get Advanced Webhook Config': { valid: [undefined, {}], invalid: ['x'] },
  'Update Advanced Webhook Config': {
    valid: [{ isEnabled: true }, { publicKey: '' }, { encryptData: true, publicKey: 'MIIB' }],
    invalid: [undefined, {}, { isEnabled: 'yes' }, { isEnabled: true, extra: 1 }],
  },
  'Create Advanced Webhook Endpoint': {
    valid: [
      { url: 'https://hooks.example.com/in' },
      {
        url: 'http://localhost:9000/hook',
        description: 'd',
        filterTypes: ['comment.add', 'comment_annotation.add'],
        channels: ['main'],
        disabled: false,
        rateLimit: 5,
        uid: 'mine',
        metadata: { team: 'core' },
      },
    ],
    invalid: [
      {},
      { url: 'ftp://example.com' },
      { url: 'https://x.example.com', secret: 'whsec_abc' },
      { url: 'https://x.example.com', filterTypes: [] },
      { url: 'https://x.example.com', filterTypes: ['comment'] },
      { url: 'https://x.example.com', channels: [] },
      { url: 'https://x.example.com', rateLimit: 0 },
      { url: 'https://x.example.com', rateLimit: 3_000_000_000 },
      { url: 'https://x.example.com', metadata: { n: 1 } },
    ],
  },
  'Update Advanced Webhook Endpoint': {
    valid: [
      { endpointId: 'ep_1', disabled: true },
      { endpointId: 'ep_1', channels: null, rateLimit: null },
    ],
    invalid: [
      { endpointId: 'ep_1' },
      { disabled: true },
      { endpointId: 'ep_1', url: 'javascript:alert(1)' },
      { endpointId: 'ep_1', secret: 'whsec_x' },
      { endpointId: 'ep_1', rateLimit: 1.5 },
    ],
  },
  'Get Advanced Webhook Endpoints': {
    valid: [undefined, {}, { limit: 1 }, { limit: 250, iterator: 'it_1' }],
    invalid: [{ limit: 0 }, { limit: 251 }, { limit: 2.5 }, { iterator: '' }],
  },
  'Get Advanced Webhook Endpoint Secret': {
    valid: [{ endpointId: 'ep_1' }],
    invalid: [{}, { endpointId: '' }],
  },
  'Delete Advanced Webhook Endpoint': {
    valid: [{ endpointId: 'ep_1' }],
    invalid: [undefined, { endpointId: 1 }],
  },
  'Send Test Event': {
    valid: [{ endpointId: 'ep_1' }, { endpointId: 'ep_1', eventType: 'comment.add' }],
    invalid: [{}, { endpointId: 'ep_1', eventType: 'Comment Add' }],
  },
  'Get Webhook Config': { valid: [undefined, {}], invalid: ['x'] },
  'Update Webhook Config': {
    valid: [
      { useWebhookService: true },
      {
        useWebhookService: true,
        webhookServiceConfig: {
          authToken: 'tok_123',
          rawNotificationUrl: 'https://example.com/raw',
          processedNotificationUrl: '',
          triggers: { 'comment.add': true, 'huddle.join': false },
        },
      },
      { webhookServiceConfig: { encodeData: true } },
    ],
    invalid: [
      undefined,
      {},
      { useWebhookService: 'yes' },
      { webhookServiceConfig: {} },
      { webhookServiceConfig: { rawNotificationUrl: 'ftp://example.com' } },
      { webhookServiceConfig: { triggers: { 'comment.explode': true } } },
      { webhookServiceConfig: { authToken: 'has space' } },
      { useWebhookService: true, extra: 1 },
    ],
  },
  'Send Webhook Service Test Event': {
    valid: [undefined, {}, { eventType: 'comment.add' }],
    invalid: [{ eventType: 'comment.explode' }, { eventType: 5 }],
  },
  'List Webhook Service Deliveries': {
    valid: [undefined, {}, { target: 'processed', limit: 100, iterator: 'it_1' }],
    invalid: [{ target: 'other' }, { limit: 0 }, { limit: 101 }],
  },
  'Rotate Advanced Webhook Endpoint Secret': {
    valid: [{ endpointId: 'ep_1' }],
    invalid: [undefined, {}, { endpointId: '' }],
  },
  'List Advanced Webhook Endpoint Messages': {
    valid: [{ endpointId: 'ep_1' }, { endpointId: 'ep_1', limit: 100, iterator: 'it_1' }],
    invalid: [{}, { endpointId: 'ep_1', limit: 0 }, { endpointId: 'ep_1', limit: 101 }],
  },
  'Get Advanced Webhook Endpoint Stats': {
    valid: [{ endpointId: 'ep_1' }],
    invalid: [undefined, {}, { endpointId: '' }, { endpointId: 5 }],
  },
  'Get Advanced Webhook Event Types': { valid: [undefined, {}], invalid: ['x'] },
  'Get Webhook Service Stats': {
    valid: [undefined, {}, { target: 'processed' }],
    invalid: [{ target: 'other' }, { target: 5 }],
  },
  'Resend Advanced Webhook Message': {
    valid: [{ endpointId: 'ep_1', messageId: 'msg_1' }],
    invalid: [
      { endpointId: 'ep_1' },
      { messageId: 'msg_1' },
      { endpointId: 'ep_1', messageId: '' },
    ],
  },
  'Recover Failed Advanced Webhook Messages': {
    valid: [
      { endpointId: 'ep_1', since: '2024-05-01T10:00:00.000Z' },
      { endpointId: 'ep_1', since: '2024-05-01T10:00:00Z', until: '2024-05-02T10:00:00+02:00' },
    ],
    invalid: [
      { endpointId: 'ep_1' },
      { endpointId: 'ep_1', since: 'yesterday' },
      { endpointId: 'ep_1', since: '2024-05-02T10:00:00Z', until: '2024-05-01T10:00:00Z' },
    ],
  },
  'Get Audit Log': {
    valid: [
      {},
      { apiKey: 'k1', action: 'Update API Key Config', pageSize: 200 },
      { since: '2024-05-01T10:00:00Z', until: '2024-05-02T10:00:00Z', pageToken: 'apt_x.y' },
    ],
    invalid: [
      undefined,
      { pageSize: 0 },
      { pageSize: 201 },
      { since: 'yesterday' },
      { apiKey: '' },
      { action: 'x', extra: 1 },
      { since: '2024-05-02T10:00:00Z', until: '2024-05-01T10:00:00Z' },
      { person: 'not an address' },
    ],
  },
  'Get Workspace Auth Token': { valid: [undefined, {}], invalid: [null, 'x'] },
  'Get Members': { valid: [undefined, {}], invalid: [null, []] },
  'Get Workspace Status': { valid: [undefined, {}], invalid: [null, 'x', []] },
  'Invite Member': {
    valid: [
      { email: 'bo@example.com', role: 'viewer' },
      { email: 'cy@example.com', role: 'admin' },
    ],
    invalid: [
      undefined,
      {},
      { email: 'bo@example.com' },
      { email: 'bo@example.com', role: 'owner' },
      { email: 'nope', role: 'viewer' },
    ],
  },
  'Update Member': {
    valid: [
      { email: 'bo@example.com', role: 'admin' },
      { email: 'bo@example.com', role: 'owner' },
    ],
    invalid: [{}, { email: 'bo@example.com', role: 'root' }, { role: 'viewer' }],
  },
  'Remove Member': {
    valid: [{ email: 'bo@example.com' }],
    invalid: [undefined, {}, { email: '' }],
  },
  'Get Current Session': { valid: [undefined, {}], invalid: [null, 'x'] },
  'Get Sessions': { valid: [undefined, {}], invalid: [null, 'x'] },
  'Revoke Sessions': {
    valid: [
      { sessionId: 's1' },
      { all: true },
      { all: true, keepCurrent: true },
      { email: 'bo@example.com' },
    ],
    invalid: [
      undefined,
      {},
      { all: false },
      { sessionId: '' },
      { email: 'nope' },
      { sessionId: 's1', all: true },
    ],
  },
  'Sign Out': { valid: [undefined, {}], invalid: [null, 'x'] },
};
