import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, getAuditLog } from '#contract/audit-log';
import { getAuthTokens, updateApiKeyConfig } from '#contract/api-keys';
import { getCurrentSession, revokeSessions, signOut } from '#contract/sessions';
import { getWorkspace } from '#contract/workspace';
import { type WorkspaceFixture, createWorkspaceFixture, uniqueEmail } from '../../testing/fixtures';
import {
  type SignedInPerson,
  addMember,
  sessionOnly,
  signIn,
} from '../../testing/session-fixtures';
import { type TestService, startTestService } from '../../testing/test-service';

/**
 * The audit log names the person behind a session (DESIGN.md § Team access): every entry of a
 * call made through one, sign-ins and sign-outs in each of the person's workspaces, revocations,
 * and every reveal of a secret; and it is read by person.
 */
let svc: TestService;
let a: WorkspaceFixture;
let b: WorkspaceFixture;
/** An admin of A and a viewer of B. */
let ada: SignedInPerson;
let adaSession: string;
let viewer: SignedInPerson;

beforeAll(async () => {
  svc = await startTestService();
  a = await createWorkspaceFixture(svc);
  b = await createWorkspaceFixture(svc);
  const email = uniqueEmail('Ada');
  await addMember(svc, a.workspace.id, email.toLowerCase(), 'admin');
  await addMember(svc, b.workspace.id, email.toLowerCase(), 'viewer');
  ada = await signIn(svc, email);
  adaSession = (
    await svc.call(getCurrentSession, undefined, { credentials: sessionOnly(ada.cookie) })
  ).data.sessionId;
  const viewerEmail = uniqueEmail('viewer');
  await addMember(svc, a.workspace.id, viewerEmail, 'viewer');
  viewer = await signIn(svc, viewerEmail);
});
afterAll(() => svc.close());

const log = async (fx: WorkspaceFixture, filter: { person?: string } = {}) =>
  (await fx.call(getAuditLog, filter)).data;

const person = (email: string, role: string, sessionId: string) => ({
  credential: { kind: 'session', id: sessionId },
  email,
  role,
  sessionId,
});

describe('entries made through a session', () => {
  it('name the person, their role and session, never the token', async () => {
    const as = ada.as(a.workspace.id, a.apiKey);
    const res = await svc.send(updateApiKeyConfig, { requireJwtToken: true }, { credentials: as });
    expect(res.status).toBe(200);
    const [entry] = await log(a);
    expect(entry?.action).toBe('Update API Key Config');
    expect(entry?.actor).toMatchObject(person(ada.email.toLowerCase(), 'admin', adaSession));
    expect(entry?.target).toMatchObject({ workspaceId: a.workspace.id, apiKeyId: a.apiKey });
    expect(JSON.stringify(entry)).not.toContain(ada.cookie);
  });

  it('record a sign-in in each of the person’s workspaces, with the role there', async () => {
    const signIns = (entries: AuditEntry[]) =>
      entries.filter((e) => e.action === 'Complete Login' && e.actor.sessionId === adaSession);
    const email = ada.email.toLowerCase();
    expect(signIns(await log(a)).map((e) => e.actor)).toEqual([
      expect.objectContaining(person(email, 'admin', adaSession)),
    ]);
    expect(signIns(await log(b)).map((e) => e.actor)).toEqual([
      expect.objectContaining(person(email, 'viewer', adaSession)),
    ]);
  });

  it('record a reveal of a secret, and not a masked read', async () => {
    const reads = async (who: SignedInPerson) => {
      const res = await svc.send(
        getAuthTokens,
        { apiKey: a.apiKey },
        { credentials: who.as(a.workspace.id) },
      );
      expect(res.status).toBe(200);
      return res.body.result.data.authTokens[0]?.token ?? '';
    };
    expect(await reads(viewer)).toMatch(/^••••/);
    expect(await reads(ada)).toMatch(/^akt_/);
    // Get Workspace masks the workspace token for every role: no reveal.
    await svc.send(getWorkspace, undefined, { credentials: ada.as(a.workspace.id) });
    const reveals = (await log(a)).filter((e) =>
      ['Get Auth Tokens', 'Get Workspace'].includes(e.action),
    );
    expect(reveals.map((e) => [e.action, e.actor.email, e.target.apiKeyId])).toEqual([
      ['Get Auth Tokens', ada.email.toLowerCase(), a.apiKey],
    ]);
  });

  it('record a revocation and a sign-out', async () => {
    const again = await signIn(svc, ada.email);
    const revoked = await svc.send(
      revokeSessions,
      { all: true, keepCurrent: true },
      { credentials: again.as(a.workspace.id) },
    );
    expect(revoked.body.result.data.revoked).toBeGreaterThanOrEqual(1);
    const out = await svc.send(signOut, undefined, { credentials: sessionOnly(again.cookie) });
    expect(out.status).toBe(200);
    const [signedOut, revocation] = await log(a);
    expect(revocation?.action).toBe('Revoke Sessions');
    expect(revocation?.actor.email).toBe(ada.email.toLowerCase());
    expect(signedOut?.action).toBe('Sign Out');
    expect(signedOut?.actor.sessionId).toBe(revocation?.actor.sessionId);
    expect((await log(b))[0]?.action).toBe('Sign Out');
  });
});

describe('Get Audit Log by person', () => {
  it('answers only that person’s entries, whatever the case of the address', async () => {
    const mine = await log(a, { person: ada.email.toUpperCase() });
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(new Set(mine.map((e) => e.actor.email))).toEqual(new Set([ada.email.toLowerCase()]));
    expect(await log(a, { person: uniqueEmail('nobody') })).toEqual([]);
  });

  it('binds its page token to the person', async () => {
    const first = await a.call(getAuditLog, { person: ada.email, pageSize: 1 });
    expect(first.pageToken).toEqual(expect.any(String));
    const other = await a.send(getAuditLog, {
      person: viewer.email,
      pageSize: 1,
      pageToken: first.pageToken ?? '',
    });
    expect(other.status).toBe(400);
  });

  it('is refused to viewers, naming the role', async () => {
    const res = await svc.send(getAuditLog, {}, { credentials: viewer.as(a.workspace.id) });
    expect(res.body).toEqual({
      error: { status: 'PERMISSION_DENIED', message: 'Viewers cannot read the audit log.' },
    });
  });
});
