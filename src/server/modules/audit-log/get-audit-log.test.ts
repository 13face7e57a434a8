import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, getAuditLog } from '#contract/audit-log';
import { allEndpoints } from '#contract/endpoints';
import { type WorkspaceFixture, createWorkspaceFixture } from '../../testing/fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { storedEntries } from '../../testing/audit-fixtures';
import {
  createApiKey,
  getApiKeyConfig,
  getAuthTokens,
  updateApiKeyConfig,
} from '#contract/api-keys';
import { addOrganizations } from '#contract/organizations';
import { credentialHeaders } from '#contract/credentials';

let svc: TestService;
let a: WorkspaceFixture;
let b: WorkspaceFixture;
let secondKey: string;
let secondKeyHeaders: Record<string, string>;
let now = Date.parse('2026-01-01T00:00:00.000Z');
const tick = () => (now += 60_000);
const CONFIG = updateApiKeyConfig.path;

beforeAll(async () => {
  svc = await startTestService({ clock: () => new Date(now) });
  a = await createWorkspaceFixture(svc);
  b = await createWorkspaceFixture(svc);
  tick();
  const created = await a.send(createApiKey, { type: 'testing' });
  secondKey = created.body.result.data.apiKey;
  const tokens = await a.send(getAuthTokens, { apiKey: secondKey });
  secondKeyHeaders = {
    [credentialHeaders.apiKey]: secondKey,
    [credentialHeaders.apiKeyToken]: tokens.body.result.data.authTokens[0]?.token ?? '',
  };
  for (const [headers, value] of [
    [a.apiKeyHeaders, true],
    [secondKeyHeaders, true],
    [a.apiKeyHeaders, false],
    [secondKeyHeaders, false],
  ] as const) {
    tick();
    const res = await svc.post(CONFIG, { requireJwtToken: value }, headers);
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  }
  tick();
  await svc.post(CONFIG, { requireJwtToken: true }, b.apiKeyHeaders);
});
afterAll(() => svc.close());

const actions = (entries: AuditEntry[]) => entries.map((e) => e.action);

describe('Get Audit Log', () => {
  it('answers the workspace’s entries newest first, with who, what and the change', async () => {
    const { data, pageToken: nextPageToken } = await a.call(getAuditLog, {});
    expect(nextPageToken).toBeNull();
    expect(actions(data)).toEqual([
      ...Array<string>(4).fill('Update API Key Config'),
      'Create API Key',
      'Create Workspace',
    ]);
    const times = data.map((e) => Date.parse(e.at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(data[0]).toMatchObject({
      actor: { credential: { kind: 'apiKey', id: secondKey } },
      target: { workspaceId: a.workspace.id, apiKeyId: secondKey },
      changes: { requireJwtToken: { from: true, to: false } },
      summary: {},
    });
    expect(data[4]).toMatchObject({
      actor: { credential: { kind: 'workspace', id: a.workspace.id } },
      target: { apiKeyId: secondKey },
    });
    expect(data[5]?.actor.credential).toBeNull();
  });

  it('narrows by API key (its calls and the workspace’s calls on it), action and time', async () => {
    const byKey = await a.call(getAuditLog, { apiKey: secondKey });
    expect(actions(byKey.data)).toEqual([
      'Update API Key Config',
      'Update API Key Config',
      'Create API Key',
    ]);
    const byAction = await a.call(getAuditLog, { action: 'Create API Key' });
    expect(actions(byAction.data)).toEqual(['Create API Key']);
    const both = await a.call(getAuditLog, {
      apiKey: a.apiKey,
      action: 'Update API Key Config',
    });
    expect(both.data.map((e) => e.actor.credential?.id)).toEqual([a.apiKey, a.apiKey]);
    const all = (await a.call(getAuditLog, {})).data;
    const [newest, , third] = all as [AuditEntry, AuditEntry, AuditEntry];
    const range = await a.call(getAuditLog, { since: third.at, until: newest.at });
    expect(range.data.map((e) => e.id)).toEqual(all.slice(1, 3).map((e) => e.id));
  });

  it('pages with a token bound to the workspace and filters', async () => {
    const all = (await a.call(getAuditLog, {})).data.map((e) => e.id);
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const page = await a.call(getAuditLog, {
        pageSize: 4,
        ...(pageToken ? { pageToken } : {}),
      });
      seen.push(...page.data.map((e) => e.id));
      pageToken = page.pageToken ?? undefined;
      if (pageToken) {
        const other = await a.send(getAuditLog, {
          pageSize: 4,
          pageToken,
          action: 'Create API Key',
        });
        expect(other.status).toBe(400);
        expect((await b.send(getAuditLog, { pageToken })).status).toBe(400);
      }
    } while (pageToken);
    expect(seen).toEqual(all);
  });

  it('never shows an entry of one workspace to another', async () => {
    const ofB = (await b.call(getAuditLog, {})).data;
    expect(actions(ofB)).toEqual(['Update API Key Config', 'Create Workspace']);
    expect(JSON.stringify(ofB)).not.toContain(a.workspace.id);
    expect((await b.call(getAuditLog, { apiKey: a.apiKey })).data).toEqual([]);
    expect((await a.call(getAuditLog, { apiKey: b.apiKey })).data).toEqual([]);
    const apiKeyAuth = await svc.send(getAuditLog, {}, { credentials: a.credentials.apiKey });
    expect(apiKeyAuth.status).toBe(400);
  });

  it('is read-only, and no endpoint changes or deletes entries', async () => {
    const before = await storedEntries(svc, a.workspace.id);
    await a.call(getAuditLog, {});
    expect(await storedEntries(svc, a.workspace.id)).toEqual(before);
    const auditPaths = allEndpoints.filter((e) => e.area === 'audit-log');
    expect(auditPaths.map((e) => [e.path, e.write ?? false])).toEqual([[getAuditLog.path, false]]);
  });
});

describe('the audit entry shares the write’s transaction', () => {
  it('rolls the write back when its entry cannot be written', async () => {
    const db = svc.database.db;
    await db.execute(sql`create function refuse_audit() returns trigger language plpgsql as
      $$ begin raise exception 'audit refused'; end $$`);
    await db.execute(sql`create trigger refuse_audit before insert on audit_entries
      for each row execute function refuse_audit()`);
    try {
      const res = await svc.post(
        CONFIG,
        { defaultDocumentAccessType: 'restricted' },
        b.apiKeyHeaders,
      );
      expect(res.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_audit on audit_entries`);
      await db.execute(sql`drop function refuse_audit()`);
    }
    const config = await b.send(getApiKeyConfig, {});
    expect(config.body.result.data.defaultDocumentAccessType).toBe('public');
  });
});

describe('entries stay small', () => {
  it('summarises a bulk write of 1,000 items in counts and the first ids', async () => {
    const organizations = Array.from({ length: 1000 }, (_, i) => ({
      organizationId: `org-${'x'.repeat(100)}-${i}`,
      organizationName: 'N'.repeat(200),
    }));
    tick();
    const res = await b.send(addOrganizations, { organizations });
    expect(res.status).toBe(200);
    const [entry] = (await b.call(getAuditLog, { pageSize: 1 })).data as [AuditEntry];
    expect(entry.summary.organizations?.count).toBe(1000);
    expect(entry.summary.organizations?.ids).toHaveLength(20);
    expect(JSON.stringify(entry).length).toBeLessThan(4096);
  });

  // Found by the contract fuzzing on PostgreSQL: a description of emoji cut at 200 characters
  // ended in half a character, which jsonb refuses, and the call answered INTERNAL.
  it('cuts texts between characters and stores a lone half of one as U+FFFD', async () => {
    const { clip } = await import('../../audit/audit-entry');
    expect(clip('😀'.repeat(150), 201)).toBe(`${'😀'.repeat(100)}…`);
    const { insertAuditEntry } = await import('../../audit/audit-store');
    await insertAuditEntry(svc.database.db, {
      id: 'aud_surrogates',
      workspaceId: b.workspace.id,
      at: new Date(),
      apiKeyId: null,
      actorEmail: null,
      action: 'Update Advanced Webhook Endpoint',
      actor: { ip: '127.0.0.1', userAgent: 'test', credential: null },
      target: {},
      changes: { description: { from: 'half \ud83d of a face', to: clip('😀'.repeat(150)) } },
      summary: {},
    });
    const stored = (await storedEntries(svc, b.workspace.id)).find(
      (e) => e.id === 'aud_surrogates',
    );
    expect((JSON.parse(stored?.text ?? '{}') as { changes: unknown }).changes).toEqual({
      description: { from: 'half \ufffd of a face', to: `${'😀'.repeat(100)}…` },
    });
  });
});

describe('ownership', () => {
  it('keeps a deleted API key’s entries, and deletes a deleted workspace’s', async () => {
    const db = svc.database.db;
    const ws = await createWorkspaceFixture(svc);
    tick();
    await svc.post(CONFIG, { requireJwtToken: true }, ws.apiKeyHeaders);
    await db.execute(sql`delete from api_keys where id = ${ws.apiKey}`);
    expect((await storedEntries(svc, ws.workspace.id)).map((e) => e.action)).toEqual([
      'Create Workspace',
      'Update API Key Config',
    ]);
    await db.execute(sql`delete from workspaces where id = ${ws.workspace.id}`);
    expect(await storedEntries(svc, ws.workspace.id)).toEqual([]);
  });
});
