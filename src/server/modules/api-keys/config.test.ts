import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';
import {
  getApiKeyConfig,
  getPermissionProviderConfig,
  updateApiKeyConfig,
  updatePermissionProviderConfig,
} from '#contract/api-keys';

let svc: TestService;
let fx: WorkspaceFixture;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const update = (data: unknown, caller: WorkspaceFixture = fx) =>
  caller.send(updateApiKeyConfig, data);
const get = () => fx.send(getApiKeyConfig, {});

async function updatedAt(apiKeyId: string): Promise<string | undefined> {
  const found = await rows<{ t: string }>(
    svc.database.db,
    sql`select updated_at::text as t from api_key_configs where api_key_id = ${apiKeyId}`,
  );
  return found[0]?.t;
}

describe('Update API Key Config', () => {
  beforeAll(async () => {
    fx = await createWorkspaceFixture(svc);
  });

  it('needs at least one field (rule 1)', async () => {
    for (const data of [{}, undefined]) {
      const res = await update(data);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: {
          status: 'INVALID_ARGUMENT',
          message: 'At least one field must be provided for update',
        },
      });
    }
  });

  it('rejects unknown fields (rule 2) and a bad access type', async () => {
    const unknown = await update({ requireJwtToken: true, colour: 'blue' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'data has unknown field: colour' },
    });
    const badType = await update({ defaultDocumentAccessType: 'secret' });
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain('data.defaultDocumentAccessType');
    expect((await get()).body.result.data.requireJwtToken).toBe(false);
  });

  it('merges and echoes the post-write values of the sent fields only (rules 3, 5)', async () => {
    const first = await update({ requireJwtToken: true, defaultDocumentAccessType: 'restricted' });
    expect(first.body.result.data).toEqual({
      requireJwtToken: true,
      defaultDocumentAccessType: 'restricted',
    });
    const second = await update({ requireAutoOrgUser: true });
    expect(second.body.result.data).toEqual({ requireAutoOrgUser: true });
    expect((await get()).body.result.data).toEqual({
      ownerEmail: fx.workspace.owner.email,
      planInfo: { type: 'free' },
      defaultDocumentAccessType: 'restricted',
      isPrivateCommentsEnabled: false,
      requireJwtToken: true,
      requireAutoOrgUser: true,
    });
  });

  it('stores AI keys sealed, per provider, and answers them only masked (rule 4)', async () => {
    const openai = 'sk-openai-canary-0123456789abcdef';
    const anthropic = 'sk-ant-canary-fedcba9876543210';
    const res = await update({
      aiModelApiKey: [
        { provider: 'openai', customerApiKey: openai },
        { provider: 'anthropic', customerApiKey: anthropic },
      ],
    });
    expect(res.status).toBe(200);
    const models = res.body.result.data.aiModelsConfig as Record<string, { displayText: string }>;
    expect(Object.keys(models).sort()).toEqual(['anthropic', 'openai']);
    expect(models.openai?.displayText).toBe('sk-••••cdef');
    expect(JSON.stringify(res.body)).not.toContain(openai);

    const gemini = await update({
      aiModelApiKey: [{ provider: 'gemini', customerApiKey: 'g-key-123' }],
    });
    expect(Object.keys(gemini.body.result.data.aiModelsConfig as object).sort()).toEqual([
      'anthropic',
      'gemini',
      'openai',
    ]);
    const stored = await rows(svc.database.db, sql`select ai_keys::text as k from api_key_configs`);
    const text = JSON.stringify(stored);
    expect(text).not.toContain(openai);
    expect(text).not.toContain(anthropic);
    expect(JSON.stringify((await get()).body)).not.toContain(openai);
  });

  it('rejects an empty AI key list and empty keys', async () => {
    expect((await update({ aiModelApiKey: [] })).status).toBe(400);
    expect(
      (await update({ aiModelApiKey: [{ provider: 'openai', customerApiKey: '' }] })).status,
    ).toBe(400);
  });

  it('masks an AI key of 4-byte characters without cutting one in half', async () => {
    // Found by the contract fuzzing: a mask cut between a surrogate pair's halves, which
    // PostgreSQL refused to store (INTERNAL).
    const key = '😀'.repeat(2048);
    const res = await update({ aiModelApiKey: [{ provider: 'openai', customerApiKey: key }] });
    expect(res.status).toBe(200);
    const models = res.body.result.data.aiModelsConfig as Record<string, { displayText: string }>;
    expect(models.openai?.displayText).toBe('😀😀😀••••😀😀😀😀');
    const short = await update({ aiModelApiKey: [{ provider: 'openai', customerApiKey: 'ab😀' }] });
    const masked = short.body.result.data.aiModelsConfig as Record<string, { displayText: string }>;
    expect(masked.openai?.displayText).toBe('••••b😀');
  });

  it('skips the write when enablePrivateComments alone equals the current value (rule 6)', async () => {
    const set = await update({ enablePrivateComments: true });
    expect(set.body.result.data).toEqual({ enablePrivateComments: true });
    const before = await updatedAt(fx.apiKey);
    const same = await update({ enablePrivateComments: true });
    expect(same.body.result.data).toEqual({ enablePrivateComments: true });
    expect(await updatedAt(fx.apiKey)).toBe(before);
    const changed = await update({ enablePrivateComments: false });
    expect(changed.body.result.data).toEqual({ enablePrivateComments: false });
    expect(await updatedAt(fx.apiKey)).not.toBe(before);
  });

  it('keeps each API key its own configuration', async () => {
    const other = await createWorkspaceFixture(svc);
    await update({ requireJwtToken: true }, other);
    const otherConfig = await other.send(getApiKeyConfig, {});
    expect(otherConfig.body.result.data).toMatchObject({
      requireJwtToken: true,
      requireAutoOrgUser: false,
      isPrivateCommentsEnabled: false,
    });
    expect(otherConfig.body.result.data).not.toHaveProperty('aiModelsConfig');
  });
});

describe('Permission provider', () => {
  it('has the specification defaults, takes https URLs only, and masks the token', async () => {
    const own = await createWorkspaceFixture(svc);
    const read = () => own.send(getPermissionProviderConfig, {});
    expect((await read()).body.result.data).toEqual({
      usePermissionProvider: false,
      permissionProviderConfig: { permissionProviderUrl: '', authToken: '' },
    });
    const write = (data: unknown) => own.send(updatePermissionProviderConfig, data);
    expect((await write({})).status).toBe(400);
    const http = await write({
      permissionProviderConfig: { permissionProviderUrl: 'http://p.example.com' },
    });
    expect(http.status).toBe(400);
    const token = 'pp-token-canary-0123456789';
    const saved = await write({
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://p.example.com/check',
        authToken: token,
      },
    });
    expect(saved.body.result.data).toEqual({
      usePermissionProvider: true,
      permissionProviderConfig: {
        permissionProviderUrl: 'https://p.example.com/check',
        authToken: 'pp-••••6789',
      },
    });
    const emoji = await write({ permissionProviderConfig: { authToken: '😀'.repeat(20) } });
    expect(emoji.status).toBe(200);
    expect(emoji.body.result.data).toMatchObject({
      permissionProviderConfig: { authToken: '😀😀😀••••😀😀😀😀' },
    });
    const off = await write({ usePermissionProvider: false });
    expect(off.body.result.data).toMatchObject({
      usePermissionProvider: false,
      permissionProviderConfig: { permissionProviderUrl: 'https://p.example.com/check' },
    });
    expect(JSON.stringify((await read()).body)).not.toContain(token);
  });
});
