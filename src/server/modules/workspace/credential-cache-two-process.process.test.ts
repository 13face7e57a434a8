import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApiKeyConfig, getAuthTokens, resetAuthToken } from '#contract/api-keys';
import { getAuditLog } from '#contract/audit-log';
import type { ApiKeyCredentials, WorkspaceCredentials } from '#contract/credentials';
import { inviteMember, removeMember, updateMember } from '#contract/team';
import { signOut } from '#contract/sessions';
import { type Workspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { twoServicesOn } from '../../testing/process-fixtures';
import type { ServiceProcess } from '../../testing/service-process';
import {
  type SignedInPerson,
  completeSignIn,
  loginCodeFor,
  sessionOnly,
} from '../../testing/session-fixtures';
import { remote } from '../../testing/webhook-fixtures';

const serverUrl = process.env.DATABASE_URL;

/**
 * Each process keeps the credentials it admitted lately (API keys, workspace tokens, sessions with
 * the member's role), and a read admitted on one sends its statement in the read's own round trip
 * (`db/read-check.ts`). What one process changes is refused by the other on its very next request,
 * although that process remembered the credential as it was: B reads twice before each change (the
 * second read is admitted on what B remembered), A changes, B refuses.
 */
describe.runIf(serverUrl)('credentials remembered across two processes on one PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl = '';
  const services: ServiceProcess[] = [];
  let ws: Workspace;
  let apiKey = '';
  let workspace: WorkspaceCredentials;
  const a = () => remote(services[0]?.url ?? '');
  const b = () => remote(services[1]?.url ?? '');

  beforeAll(async () => {
    const database = await twoServicesOn(serverUrl ?? '', { RATE_LIMITS: 'off' });
    drop = database.drop;
    databaseUrl = database.url;
    services.push(...database.services);
    ws = (await a().call(createWorkspace, { ownerEmail: `owner-${database.name}@example.com` }))
      .data;
    apiKey = Object.keys(ws.apiKeyList)[0] ?? '';
    workspace = { kind: 'workspace', id: ws.id, token: ws.authToken };
  }, 120_000);
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await drop?.();
  });

  const keyToken = async () =>
    (await a().call(getAuthTokens, { apiKey }, { credentials: workspace })).data.authTokens[0]
      ?.token ?? '';
  const keyCredentials = (token: string): ApiKeyCredentials => ({
    kind: 'apiKey',
    id: apiKey,
    token,
  });

  /** A member invited through A with `role`, signed in through B. */
  async function member(role: 'admin' | 'viewer'): Promise<SignedInPerson> {
    const email = `member-${randomBytes(4).toString('hex')}@example.com`;
    const invited = await a().send(inviteMember, { email, role }, { credentials: workspace });
    expect(invited.status).toBe(200);
    return completeSignIn(
      { url: services[1]?.url ?? '', send: b().send },
      email,
      await loginCodeFor({ url: services[0]?.url ?? '', send: a().send }, email),
    );
  }

  it('refuses an API key token A reset, though B remembered it', async () => {
    const old = keyToken();
    const read = async (token: string) =>
      (await b().send(getApiKeyConfig, undefined, { credentials: keyCredentials(token) })).status;
    const token = await old;
    expect([await read(token), await read(token)]).toEqual([200, 200]);

    const reset = await a().send(resetAuthToken, { apiKey }, { credentials: workspace });
    expect(reset.status).toBe(200);
    const refused = await b().send(getApiKeyConfig, undefined, {
      credentials: keyCredentials(token),
    });
    expect(refused.body).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Invalid auth token.' },
    });
    expect(await read(reset.body.result.data.newAuthToken.token)).toBe(200);
  }, 30_000);

  it('holds a role change, a removal and a sign-out at B’s next request', async () => {
    const person = await member('admin');
    const auditLog = () => b().send(getAuditLog, {}, { credentials: person.as(ws.id) });
    const config = () =>
      b().send(getApiKeyConfig, undefined, { credentials: person.as(ws.id, apiKey) });
    expect([(await auditLog()).status, (await auditLog()).status]).toEqual([200, 200]);
    expect([(await config()).status, (await config()).status]).toEqual([200, 200]);

    const email = person.email;
    const demoted = await a().send(
      updateMember,
      { email, role: 'viewer' },
      { credentials: workspace },
    );
    expect(demoted.status).toBe(200);
    expect((await auditLog()).body).toEqual({
      error: { status: 'PERMISSION_DENIED', message: 'Viewers cannot read the audit log.' },
    });
    expect((await config()).status).toBe(200);

    expect((await a().send(removeMember, { email }, { credentials: workspace })).status).toBe(200);
    const notMember = {
      error: {
        status: 'UNAUTHENTICATED',
        message: 'You are not a member of this workspace. Sign in again.',
      },
    };
    expect((await config()).body).toEqual(notMember);
    expect((await auditLog()).body).toEqual(notMember);

    const other = await member('viewer');
    const read = () =>
      b().send(getApiKeyConfig, undefined, { credentials: other.as(ws.id, apiKey) });
    expect([(await read()).status, (await read()).status]).toEqual([200, 200]);
    const signedOut = await a().send(signOut, undefined, {
      credentials: sessionOnly(other.cookie),
    });
    expect(signedOut.status).toBe(200);
    expect((await read()).body).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Session expired. Sign in again.' },
    });
  }, 60_000);

  it('holds a change written to the tables directly, outside any call', async () => {
    const person = await member('admin');
    const auditLog = () => b().send(getAuditLog, {}, { credentials: person.as(ws.id) });
    expect([(await auditLog()).status, (await auditLog()).status]).toEqual([200, 200]);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(
        `update members set role = 'viewer' where workspace_id = $1 and email = $2`,
        [ws.id, person.email],
      );
    } finally {
      await client.end();
    }
    expect((await auditLog()).status).toBe(403);
  }, 30_000);
});
