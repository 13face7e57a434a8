import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, getApiKeys, updateApiKey } from '#contract/api-keys';
import { getWorkspace } from '#contract/workspace';
import { storedEntries } from '../../testing/audit-fixtures';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const error = (status: string, message: string) => ({ error: { status, message } });

/** A workspace with its first key and two more, their ids oldest first. */
async function workspaceWithKeys(): Promise<{ fx: WorkspaceFixture; ids: string[] }> {
  const fx = await createWorkspaceFixture(svc);
  const ids = [fx.apiKey];
  for (const apiKeyName of ['Second', 'Third']) {
    ids.push((await fx.call(createApiKey, { type: 'testing', apiKeyName })).data.apiKey);
  }
  return { fx, ids };
}

describe('Get API Keys', () => {
  it('lists the workspace’s keys oldest first, and leaves the token out of the last page', async () => {
    const { fx, ids } = await workspaceWithKeys();
    const reply = await fx.send(getApiKeys, {});
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      result: {
        status: 'success',
        message: 'API keys retrieved successfully.',
        data: [
          { id: ids[0], apiKeyName: expect.any(String), type: 'testing' },
          { id: ids[1], apiKeyName: 'Second', type: 'testing' },
          { id: ids[2], apiKeyName: 'Third', type: 'testing' },
        ],
      },
    });
  });

  it('pages one key at a time through every key once, and no other workspace’s', async () => {
    const { fx, ids } = await workspaceWithKeys();
    await workspaceWithKeys();
    const seen: string[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < 5; page++) {
      const answer = await fx.call(getApiKeys, {
        pageSize: 1,
        ...(pageToken ? { pageToken } : {}),
      });
      seen.push(...answer.data.map((k) => k.id));
      if (!answer.pageToken) break;
      pageToken = answer.pageToken;
    }
    expect(seen).toEqual(ids);
  });

  it('filters by ids, leaving out ids the workspace does not hold', async () => {
    const { fx, ids } = await workspaceWithKeys();
    const other = await workspaceWithKeys();
    const answer = await fx.call(getApiKeys, {
      apiKeys: [ids[2] ?? '', other.ids[0] ?? '', 'ak_nowhere'],
    });
    expect(answer.data.map((k) => k.id)).toEqual([ids[2]]);
  });

  it('refuses a page token of other filters, a page too large and an empty filter', async () => {
    const { fx, ids } = await workspaceWithKeys();
    const first = await fx.call(getApiKeys, { pageSize: 1 });
    expect(first.pageToken).toEqual(expect.any(String));
    const cases: [unknown, string][] = [
      [
        { pageSize: 1, apiKeys: [ids[1]], pageToken: first.pageToken },
        'data.pageToken is not valid for this list and filters; start again without it.',
      ],
      [{ pageSize: 101 }, 'data.pageSize must be at most 100'],
      [{ apiKeys: [] }, 'data.apiKeys must not be empty'],
    ];
    for (const [data, message] of cases) {
      const reply = await fx.send(getApiKeys, data);
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 400,
        body: error('INVALID_ARGUMENT', message),
      });
    }
  });
});

describe('Update API Key', () => {
  it('renames the key everywhere the workspace lists it, audited with the old and new name', async () => {
    const { fx, ids } = await workspaceWithKeys();
    const reply = await fx.send(updateApiKey, { apiKey: ids[1] ?? '', apiKeyName: '  Staging  ' });
    expect(reply.body).toEqual({
      result: { status: 'success', message: 'API key updated successfully.', data: null },
    });
    const listed = await fx.call(getApiKeys, { apiKeys: [ids[1] ?? ''] });
    expect(listed.data[0]?.apiKeyName).toBe('Staging');
    const workspace = await fx.call(getWorkspace, {});
    expect(workspace.data.apiKeyList[ids[1] ?? '']?.apiKeyName).toBe('Staging');
    const entry = (await storedEntries(svc, fx.workspace.id)).find(
      (e) => e.action === updateApiKey.name,
    );
    expect(JSON.parse(entry?.text ?? '{}')).toMatchObject({
      target: { apiKeyId: ids[1] },
      changes: { apiKeyName: { from: 'Second', to: 'Staging' } },
    });
  });

  it('answers NOT_FOUND for a key of another workspace and changes nothing', async () => {
    const { fx } = await workspaceWithKeys();
    const other = await workspaceWithKeys();
    for (const apiKey of [other.ids[1] ?? '', 'ak_nowhere']) {
      const reply = await fx.send(updateApiKey, { apiKey, apiKeyName: 'Taken' });
      expect({ status: reply.status, body: reply.body }).toEqual({
        status: 404,
        body: error('NOT_FOUND', 'API key not found.'),
      });
    }
    const theirs = await other.fx.call(getApiKeys, { apiKeys: [other.ids[1] ?? ''] });
    expect(theirs.data[0]?.apiKeyName).toBe('Second');
  });

  it('refuses an empty name, naming the field', async () => {
    const { fx, ids } = await workspaceWithKeys();
    const reply = await fx.send(updateApiKey, { apiKey: ids[0], apiKeyName: '   ' });
    expect(reply.body).toEqual(error('INVALID_ARGUMENT', 'data.apiKeyName must not be empty'));
  });
});
