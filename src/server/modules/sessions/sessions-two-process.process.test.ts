import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApiKeyConfig, updateApiKeyConfig } from '#contract/api-keys';
import type { Role } from '#contract/roles';
import { getCurrentSession, revokeSessions, signOut } from '#contract/sessions';
import { type Workspace, createWorkspace } from '#contract/workspace';
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
 * processes on one PostgreSQL; the member rows are changed in the database as Update Member and
 * Remove Member will (the team module's endpoints, once merged, through A).
 */
describe.runIf(serverUrl)('sessions across two service processes on one PostgreSQL', () => {
  let drop: (() => Promise<void>) | undefined;
  let db: pg.Client;
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
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    ws = (
      await remote(a.url).call(createWorkspace, {
        ownerEmail: `owner-${database.name}@example.com`,
      })
    ).data;
    apiKey = Object.keys(ws.apiKeyList)[0] ?? '';
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await Promise.all(services.map((s) => s.stop()));
    await drop?.();
  });

  const setMember = (email: string, role: Role) =>
    db.query(
      `insert into members (workspace_id, email, role, joined_at) values ($1, $2, $3, now())
       on conflict (workspace_id, email) do update set role = excluded.role`,
      [ws.id, email, role],
    );

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
    await setMember(email, 'admin');
    const member = await signedIn(email);
    expect((await configure(a, member)).status).toBe(200);
    expect((await configure(b, member)).status).toBe(200);

    await setMember(email, 'viewer');
    for (const svc of [b, a]) {
      const refused = await configure(svc, member);
      expect(refused.body).toEqual({
        error: { status: 'PERMISSION_DENIED', message: 'Viewers cannot change settings.' },
      });
      expect((await read(svc, member)).status).toBe(200);
    }

    await db.query('delete from members where workspace_id = $1 and email = $2', [ws.id, email]);
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
    await setMember(ownerEmail, 'owner');
    const email = `viewer-${randomBytes(4).toString('hex')}@example.com`;
    await setMember(email, 'viewer');
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
