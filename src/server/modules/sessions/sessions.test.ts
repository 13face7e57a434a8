import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApiKeyConfig } from '#contract/api-keys';
import { sessionCookieName } from '#contract/credentials';
import {
  MAX_SESSIONS_PER_PERSON,
  getCurrentSession,
  getSessions,
  revokeSessions,
  signOut,
} from '#contract/sessions';
import { loadConfig } from '../../config/config';
import { getWorkspace } from '#contract/workspace';
import { completeLogin } from '#contract/workspace-access';
import { rowsOf } from '../../db/transaction';
import { type WorkspaceFixture, createWorkspaceFixture, uniqueEmail } from '../../testing/fixtures';
import {
  type SignedInPerson,
  addMember,
  loginCodeFor,
  sessionCookieIn,
  sessionOnly,
  signIn,
} from '../../testing/session-fixtures';
import { type TestService, startTestService } from '../../testing/test-service';

const HOUR = 60 * 60 * 1000;
const MAX_SESSIONS = 3;
let now = Date.parse('2026-03-01T09:00:00.000Z');
let svc: TestService;
let fx: WorkspaceFixture;

beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    env: { MAX_SESSIONS_PER_PERSON: String(MAX_SESSIONS) },
  });
  fx = await createWorkspaceFixture(svc);
});
afterAll(() => svc.close());

const current = (cookie: string) =>
  svc.send(getCurrentSession, undefined, { credentials: sessionOnly(cookie) });

const expired = {
  error: { status: 'UNAUTHENTICATED', message: 'Session expired. Sign in again.' },
};

/** A viewer of the fixture's workspace, signed in. */
async function newViewer(): Promise<SignedInPerson> {
  const email = uniqueEmail('viewer');
  await addMember(svc, fx.workspace.id, email, 'viewer');
  return signIn(svc, email);
}

/** The owner, signed in anew (the clock moves on between tests, and sessions end). */
const signInOwner = () => signIn(svc, fx.workspace.owner.email);

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Strict, for every path, for the absolute lifetime; no body carries it', async () => {
    const viewer = await newViewer();
    const code = await loginCodeFor(svc, viewer.email);
    const reply = await svc.send(completeLogin, { oobCode: code });
    const [cookie] = reply.headers.getSetCookie();
    expect(cookie).toMatch(
      new RegExp(
        `^${sessionCookieName}=sst_[\\w-]{43}; Max-Age=604800; Path=/; HttpOnly; SameSite=Strict$`,
      ),
    );
    const token = sessionCookieIn(reply.headers) ?? '';
    expect(JSON.stringify(reply.body)).not.toContain(token);
    const me = await current(token);
    expect(JSON.stringify(me.body)).not.toContain(token);
  });

  it('is not Secure over plain http, whatever a client says in x-forwarded-proto', async () => {
    // No TRUST_PROXY here (as for HSTS): Secure only when TLS reaches the service
    // (serving/trust-proxy.test.ts: through a trusted proxy).
    const person = await newViewer();
    const code = await loginCodeFor(svc, person.email);
    const reply = await svc.send(
      completeLogin,
      { oobCode: code },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(reply.headers.getSetCookie()[0]).not.toMatch(/Secure/i);
  });

  it('holds only a hash in the database, never the token', async () => {
    const owner = await signInOwner();
    const stored = await rowsOf<{ row: string }>(
      svc.database.db,
      sql`select row_to_json(s)::text as row from sessions s`,
    );
    expect(stored.length).toBeGreaterThan(0);
    for (const { row } of stored) expect(row).not.toContain(owner.cookie);
  });
});

describe('sign-in', () => {
  it('makes a new session at every sign-in, whatever cookie the browser brings', async () => {
    // Session fixation: a cookie planted before sign-in is never the one signed in.
    const viewer = await newViewer();
    const planted = viewer.cookie;
    const again = await signIn(svc, viewer.email, {
      cookie: `${sessionCookieName}=${planted}`,
    });
    expect(again.cookie).not.toBe(planted);
    const [first, second] = [await current(planted), await current(again.cookie)];
    expect(first.body.result.data.sessionId).not.toBe(second.body.result.data.sessionId);
  });

  it('answers the person and their workspaces, and Get Current Session says the same', async () => {
    const owner = await signInOwner();
    expect(owner.signedIn).toEqual({
      email: owner.email,
      workspaces: [{ id: fx.workspace.id, name: fx.workspace.name, role: 'owner' }],
    });
    const me = await current(owner.cookie);
    expect(me.status).toBe(200);
    expect(me.body.result.data).toEqual({
      email: owner.email,
      sessionId: expect.stringMatching(/^ses_/),
      workspaces: owner.signedIn.workspaces,
    });
  });

  it('joins an invitation that has not expired, and leaves an expired one out', async () => {
    const email = uniqueEmail('invited');
    await addMember(svc, fx.workspace.id, email, 'admin', { joined: false });
    const other = await createWorkspaceFixture(svc);
    await svc.database.db.execute(sql`
      insert into members (workspace_id, email, role, invited_at, invitation_expires_at)
      values (${other.workspace.id}, ${email}, 'viewer', ${new Date(now - 8 * 24 * HOUR)},
        ${new Date(now - 24 * HOUR)})`);
    const person = await signIn(svc, email);
    expect(person.signedIn.workspaces).toEqual([
      { id: fx.workspace.id, name: fx.workspace.name, role: 'admin' },
    ]);
  });

  it('ends the least recently seen sessions past the cap of sessions per person', async () => {
    expect(loadConfig({}).sessions.maxPerPerson).toBe(MAX_SESSIONS_PER_PERSON);
    const email = uniqueEmail('many');
    await addMember(svc, fx.workspace.id, email, 'viewer');
    const people: SignedInPerson[] = [];
    for (let i = 0; i <= MAX_SESSIONS; i += 1) {
      now += 2 * 60_000;
      people.push(await signIn(svc, email));
      // The first session stays in use; the second is the least recently seen.
      now += 60_000;
      expect((await current(people[0]?.cookie ?? '')).status).toBe(200);
    }
    const statuses = await Promise.all(people.map(async (p) => (await current(p.cookie)).status));
    expect(statuses).toEqual([200, 401, 200, 200]);
  });
});

describe('lifetimes', () => {
  it('ends a session idle for 12 hours, and keeps one used in time, up to 7 days', async () => {
    const idle = await newViewer();
    const used = await newViewer();
    // 14 steps of 11 h 59 min are 167 h 46 min, the 15th passes the 168 h of 7 days.
    for (let step = 1; step <= 15; step += 1) {
      now += 11 * HOUR + 59 * 60_000;
      const status = (await current(used.cookie)).status;
      if (step <= 14) expect(status, `after ${step} steps`).toBe(200);
      else expect(status, 'past the absolute lifetime').toBe(401);
    }
    expect((await current(idle.cookie)).body).toEqual(expired);
  });

  it('writes the last use at most once a minute, so reads do not write every time', async () => {
    const viewer = await newViewer();
    const lastSeen = async () => {
      const [row] = await rowsOf<{ at: string }>(
        svc.database.db,
        sql`select last_seen_at::text as at from sessions where email = ${viewer.email}`,
      );
      return row?.at;
    };
    const signedInAt = await lastSeen();
    now += 30_000;
    await current(viewer.cookie);
    expect(await lastSeen()).toBe(signedInAt);
    now += 31_000;
    await current(viewer.cookie);
    expect(await lastSeen()).not.toBe(signedInAt);
  });
});

describe('Get Sessions and Revoke Sessions', () => {
  it('list the caller’s own live sessions, this one marked current', async () => {
    const viewer = await newViewer();
    const other = await signIn(svc, viewer.email, { 'user-agent': 'Other Browser/2' });
    const listed = await svc.send(getSessions, undefined, {
      credentials: viewer.as(fx.workspace.id),
    });
    expect(listed.status).toBe(200);
    const { sessions } = listed.body.result.data;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => !s.current)?.userAgent).toBe('Other Browser/2');
    expect(sessions.every((s) => s.address.includes('127.0.0.1'))).toBe(true);
    // A token has no sessions of its own.
    const token = await fx.send(getSessions, undefined);
    expect(token.status).toBe(403);
    expect(token.body.error.message).toBe(
      'Get Sessions answers for a signed-in person: call it with a session, not a token.',
    );
    expect(JSON.stringify(listed.body)).not.toContain(other.cookie);
  });

  it('end one session, all others, or all, of the caller only', async () => {
    const viewer = await newViewer();
    const [b, c] = [await signIn(svc, viewer.email), await signIn(svc, viewer.email)];
    const stranger = await newViewer();
    const as = viewer.as(fx.workspace.id);
    const idOf = async (p: SignedInPerson) => (await current(p.cookie)).body.result.data.sessionId;

    const foreign = await svc.send(
      revokeSessions,
      { sessionId: await idOf(stranger) },
      { credentials: as },
    );
    expect(foreign.body).toEqual({ error: { status: 'NOT_FOUND', message: 'Session not found.' } });
    expect((await current(stranger.cookie)).status).toBe(200);

    const one = await svc.send(revokeSessions, { sessionId: await idOf(b) }, { credentials: as });
    expect(one.body.result).toEqual({
      status: 'success',
      message: '1 session revoked.',
      data: { revoked: 1 },
    });
    expect((await current(b.cookie)).body).toEqual(expired);

    const others = await svc.send(
      revokeSessions,
      { all: true, keepCurrent: true },
      { credentials: as },
    );
    expect(others.body.result.data).toEqual({ revoked: 1 });
    expect((await current(c.cookie)).status).toBe(401);
    expect((await current(viewer.cookie)).status).toBe(200);

    const all = await svc.send(revokeSessions, { all: true }, { credentials: as });
    expect(all.body.result.data).toEqual({ revoked: 1 });
    expect((await current(viewer.cookie)).body).toEqual(expired);
  });

  it('let the owner end a member’s sessions, and nobody else', async () => {
    const viewer = await newViewer();
    const adminEmail = uniqueEmail('admin');
    await addMember(svc, fx.workspace.id, adminEmail, 'admin');
    const admin = await signIn(svc, adminEmail);
    const owner = await signInOwner();
    const viewerReads = () =>
      svc.send(getWorkspace, undefined, { credentials: viewer.as(fx.workspace.id) });
    // Read once before: on the embedded database the session is then held in memory, which the
    // revocation's commit must clear.
    expect((await viewerReads()).status).toBe(200);
    const byAdmin = await svc.send(
      revokeSessions,
      { email: viewer.email },
      { credentials: admin.as(fx.workspace.id) },
    );
    expect(byAdmin.body).toEqual({
      error: {
        status: 'PERMISSION_DENIED',
        message: "Admins cannot end another member's sessions.",
      },
    });
    const byOwner = await svc.send(
      revokeSessions,
      { email: viewer.email.toUpperCase() },
      { credentials: owner.as(fx.workspace.id) },
    );
    expect(byOwner.body.result.data).toEqual({ revoked: 1 });
    expect((await viewerReads()).body).toEqual(expired);
    expect((await current(viewer.cookie)).body).toEqual(expired);

    // The workspace token counts as the owner; it names a member, never sessions of its own.
    expect((await fx.send(revokeSessions, { email: admin.email })).body.result.data).toEqual({
      revoked: 1,
    });
    expect((await fx.send(revokeSessions, { email: uniqueEmail() })).body).toEqual({
      error: { status: 'NOT_FOUND', message: 'Member not found.' },
    });
    expect((await fx.send(revokeSessions, { all: true })).status).toBe(400);
  });

  it('leave alone the sessions of someone only invited here', async () => {
    // A member of another workspace, invited to this one: inviting them gives this owner no
    // hold on the sessions they use elsewhere.
    const other = await createWorkspaceFixture(svc);
    const email = uniqueEmail('elsewhere');
    await addMember(svc, other.workspace.id, email, 'admin');
    const person = await signIn(svc, email);
    await addMember(svc, fx.workspace.id, email, 'viewer', { joined: false });
    const revoked = await fx.send(revokeSessions, { email });
    expect(revoked.body.result.data).toEqual({ revoked: 0 });
    expect((await current(person.cookie)).status).toBe(200);
  });
});

describe('Sign Out', () => {
  it('ends the session and clears the cookie', async () => {
    const viewer = await newViewer();
    const before = await svc.send(getWorkspace, undefined, {
      credentials: viewer.as(fx.workspace.id),
    });
    expect(before.status).toBe(200);
    const out = await svc.send(signOut, undefined, { credentials: sessionOnly(viewer.cookie) });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()).toEqual([
      `${sessionCookieName}=; Max-Age=0; Path=/; HttpOnly; SameSite=Strict`,
    ]);
    expect((await current(viewer.cookie)).body).toEqual(expired);
    const read = await svc.send(getWorkspace, undefined, {
      credentials: viewer.as(fx.workspace.id),
    });
    expect(read.body).toEqual(expired);
  });
});

describe('cross-site requests', () => {
  const headersOf = (person: SignedInPerson) => ({
    cookie: `${sessionCookieName}=${person.cookie}`,
    'x-svc-workspace-id': fx.workspace.id,
  });

  it('refuse a form post with a valid cookie, with a body or without', async () => {
    const viewer = await newViewer();
    for (const [type, body] of [
      ['application/x-www-form-urlencoded', ''],
      ['text/plain', ''],
      ['text/plain', '{"data":{}}'],
      ['multipart/form-data; boundary=x', ''],
    ] as const) {
      for (const path of [signOut.path, getWorkspace.path]) {
        const res = await svc.fetch(path, {
          method: 'POST',
          headers: { cookie: `${sessionCookieName}=${viewer.cookie}`, 'content-type': type },
          body,
        });
        expect(res.status, `${type} ${body} ${path}`).toBeGreaterThanOrEqual(400);
      }
    }
    // A fetch without CORS sends no body and no type; the cookie does not count on it.
    const bare = await svc.fetch(signOut.path, {
      method: 'POST',
      headers: { cookie: `${sessionCookieName}=${viewer.cookie}` },
    });
    expect(bare.body).toEqual({
      error: {
        status: 'PERMISSION_DENIED',
        message: 'A session counts only on a JSON request (Content-Type: application/json).',
      },
    });
    expect((await current(viewer.cookie)).status).toBe(200);
  });

  it('take the cookie only from this service’s own origin or a listed one', async () => {
    const viewer = await newViewer();
    const read = (origin: string | undefined) =>
      svc.post(getWorkspace.path, {}, { ...headersOf(viewer), ...(origin ? { origin } : {}) });
    expect((await read(undefined)).status).toBe(200);
    expect((await read(svc.url)).status).toBe(200);
    const foreign = await read('https://evil.example.com');
    expect(foreign.body).toEqual({
      error: {
        status: 'PERMISSION_DENIED',
        message:
          "The origin https://evil.example.com may not use a session: it is neither this service's origin nor in CORS_ORIGINS.",
      },
    });
    expect((await read('null')).status).toBe(403);
  });

  it('lets token headers decide when they are present, and ignores the cookie', async () => {
    const viewer = await newViewer();
    await svc.send(signOut, undefined, { credentials: sessionOnly(viewer.cookie) });
    const cookie = `${sessionCookieName}=${viewer.cookie}`;
    // An ended session beside the right token: the token decides, and is the owner.
    const withToken = await fx.send(getApiKeyConfig, undefined, { headers: { cookie } });
    expect(withToken.status).toBe(200);
    // A live session beside a wrong token: refused for the token.
    const live = await newViewer();
    const wrong = await svc.post(
      getWorkspace.path,
      {},
      { ...headersOf(live), 'x-svc-workspace-auth-token': 'wst_wrong.token' },
    );
    expect(wrong.body).toEqual({
      error: { status: 'UNAUTHENTICATED', message: 'Invalid auth token for workspace.' },
    });
  });
});

describe('a suspended API key', () => {
  it('is suspended for the members’ sessions as for its token', async () => {
    const other = await createWorkspaceFixture(svc);
    const email = uniqueEmail('admin');
    await addMember(svc, other.workspace.id, email, 'admin');
    // The owner never opened a login link; past the grace, the workspace's keys are suspended.
    now += 8 * 24 * HOUR;
    const admin = await signIn(svc, email);
    const read = await svc.send(getApiKeyConfig, undefined, {
      credentials: admin.as(other.workspace.id, other.apiKey),
    });
    expect(read.status).toBe(403);
    expect(read.body.error.message).toMatch(/not verified within 7 days/);
    expect(read.body).toEqual((await other.send(getApiKeyConfig, undefined)).body);
  });
});
