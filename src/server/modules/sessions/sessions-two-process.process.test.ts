import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApiKeyConfig, updateApiKeyConfig } from '#contract/api-keys';
import type { InvitableRole } from '#contract/roles';
import { inviteMember, removeMember, updateMember } from '#contract/team';
import { getCurrentSession, revokeSessions, signOut } from '#contract/sessions';
import { type Workspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { twoServicesOn } from '../../testing/process-fixtures';
import type { ServiceProcess } from '../../testing/service-process';
import {
  type SignedInPerson,
  type Signable,
  completeSignIn,
  loginCodeFor,
  sessionOnly,
} from '../../testing/session-fixtures';
import { remote } from '../../testing/webhook-fixtures';

const serverUrl = process.env.DATABASE_URL;

/**
 * A role change and a removal hold on the very next request in every process (DESIGN.md § Team
 * access): each request reads the member row, nothing is cached across requests. Two service
 * processes on one PostgreSQL; the owner invites, changes and removes through A (Invite, Update
 * and Remove Member), the member's calls go to both.
 */
describe.runIf(serverUrl)('sessions across two service processes on one PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  const services: ServiceProcess[] = [];
  let a: Signable;
  let b: Signable;
  let ws: Workspace;
  let apiKey = '';

  beforeAll(async () => {
    const database = await twoServicesOn(serverUrl ?? '', { RATE_LIMITS: 'off' });
    drop = database.drop;
    services.push(...database.services);
    const signable = (s: ServiceProcess): Signable => ({ url: s.url, send: remote(s.url).send });
    [a, b] = [signable(database.services[0]), signable(database.services[1])];
    ws = (
      await remote(a.url).call(createWorkspace, {
        ownerEmail: `owner-${database.name}@example.com`,
      })
    ).data;
    apiKey = Object.keys(ws.apiKeyList)[0] ?? '';
  }, 120_000);
  afterAll(async () => {
    await Promise.all(services.map((s) => s.stop()));
    await drop?.();
  });

  /** The owner's calls, with the workspace token, through A. */
  const ownerOnA = () => remote(a.url, [{ kind: 'workspace', id: ws.id, token: ws.authToken }]);
  const invite = async (email: string, role: InvitableRole) =>
    expect((await ownerOnA().send(inviteMember, { email, role })).status).toBe(200);

  /** Signs in on A's login link and completes on B: the code and the session are shared rows. */
  async function signedIn(email: string): Promise<SignedInPerson> {
    return completeSignIn(b, email, await loginCodeFor(a, email));
  }

  const configure = (svc: Signable, person: SignedInPerson) =>
    svc.send(
      updateApiKeyConfig,
      { requireJwtToken: true },
      { credentials: person.as(ws.id, apiKey) },
    );
  const read = (svc: Signable, person: SignedInPerson) =>
    svc.send(getApiKeyConfig, undefined, { credentials: person.as(ws.id, apiKey) });

  it('holds a role change and a removal at the next request in the other process', async () => {
    const email = `member-${randomBytes(4).toString('hex')}@example.com`;
    await invite(email, 'admin');
    const member = await signedIn(email);
    expect((await configure(a, member)).status).toBe(200);
    expect((await configure(b, member)).status).toBe(200);

    expect((await ownerOnA().send(updateMember, { email, role: 'viewer' })).status).toBe(200);
    for (const svc of [b, a]) {
      const refused = await configure(svc, member);
      expect(refused.body).toEqual({
        error: { status: 'PERMISSION_DENIED', message: 'Viewers cannot change settings.' },
      });
      expect((await read(svc, member)).status).toBe(200);
    }

    expect((await ownerOnA().send(removeMember, { email })).status).toBe(200);
    for (const svc of [b, a]) {
      expect((await read(svc, member)).body).toEqual({
        error: {
          status: 'UNAUTHENTICATED',
          message: 'You are not a member of this workspace. Sign in again.',
        },
      });
    }
  }, 60_000);

  it('ends a session in every process when it is signed out or revoked in one', async () => {
    const ownerEmail = ws.owner.email;
    const email = `viewer-${randomBytes(4).toString('hex')}@example.com`;
    await invite(email, 'viewer');
    const [first, second] = [await signedIn(email), await signedIn(email)];
    expect((await read(b, first)).status).toBe(200);

    expect(
      (await a.send(signOut, undefined, { credentials: sessionOnly(first.cookie) })).status,
    ).toBe(200);
    const expired = {
      error: { status: 'UNAUTHENTICATED', message: 'Session expired. Sign in again.' },
    };
    expect((await read(b, first)).body).toEqual(expired);

    const owner = await signedIn(ownerEmail);
    const revoked = await a.send(revokeSessions, { email }, { credentials: owner.as(ws.id) });
    expect(revoked.body).toMatchObject({ result: { data: { revoked: 1 } } });
    expect(
      (await b.send(getCurrentSession, undefined, { credentials: sessionOnly(second.cookie) }))
        .body,
    ).toEqual(expired);
  }, 60_000);
});
