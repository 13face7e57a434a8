import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  INVITATION_LIFETIME_DAYS,
  getMembers,
  inviteMember,
  removeMember,
  updateMember,
} from '#contract/team';
import { type WorkspaceFixture, createWorkspaceFixture, uniqueEmail } from '../../testing/fixtures';
import {
  activeMember,
  invite,
  mailTo,
  memberOf,
  membersOf,
  newestMailTo,
  oobCodeOf,
  signInFromOutbox,
} from '../../testing/member-fixtures';
import { type TestService, startTestService } from '../../testing/test-service';

const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-03-01T09:00:00Z').getTime();
let svc: TestService;
let fx: WorkspaceFixture;

beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    env: { CONSOLE_DOMAIN: 'console.example.com' },
  });
});
afterAll(() => svc.close());

beforeEach(async () => {
  fx = await createWorkspaceFixture(svc);
});

const owner = () => fx.workspace.owner.email;
const iso = (ms: number) => new Date(ms).toISOString();

describe('Get Members', () => {
  it('lists the owner from the workspace’s creation, active', async () => {
    expect(await membersOf(fx)).toEqual([
      {
        email: owner(),
        role: 'owner',
        status: 'active',
        invitedBy: null,
        invitedAt: null,
        lastSignInAt: null,
      },
    ]);
  });

  it('lists the owner first, then everyone by e-mail, each with the status of the moment', async () => {
    const stem = uniqueEmail('team').split('@')[0] ?? '';
    const [a, b, c] = ['a', 'b', 'c'].map((letter) => `${letter}.${stem}@example.com`);
    await invite(fx, c ?? '', 'admin');
    now += 3 * DAY;
    await invite(fx, a ?? '', 'viewer');
    await activeMember(svc, fx, b ?? '', 'viewer');
    now += 5 * DAY; // c's invitation is 8 days old now, a's 5.
    const listed = await fx.call(getMembers, {});
    expect(listed.message).toBe('Members retrieved successfully.');
    expect(listed.data.members.map((m) => [m.email, m.role, m.status])).toEqual([
      [owner(), 'owner', 'active'],
      [a, 'viewer', 'invited'],
      [b, 'viewer', 'active'],
      [c, 'admin', 'expired'],
    ]);
  });

  it('keeps every workspace’s members to itself', async () => {
    const other = await createWorkspaceFixture(svc);
    await invite(other, uniqueEmail('elsewhere'));
    expect((await membersOf(fx)).map((m) => m.email)).toEqual([owner()]);
  });
});

describe('Invite Member', () => {
  it('answers the invited member and mails a login link to the console’s sign-in page', async () => {
    const email = uniqueEmail('invitee');
    const res = await fx.send(inviteMember, { email: email.toUpperCase(), role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Invitation sent.',
        data: {
          email,
          role: 'admin',
          status: 'invited',
          invitedBy: owner(),
          invitedAt: iso(now),
          lastSignInAt: null,
        },
      },
    });
    const mail = await newestMailTo(svc, email);
    expect(mail.subject).toBe(`You are invited to ${fx.workspace.name}`);
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toContain(`${owner()} invited you`);
    expect(mail.text).toContain('as an admin');
    const link = new URL(mail.link);
    expect(link.origin + link.pathname).toBe('https://console.example.com/sign-in');
    expect(link.searchParams.get('mode')).toBe('signIn');
    expect(oobCodeOf(mail.link).length).toBeGreaterThan(30);
  });

  it('sends a link that signs the invitee in through Complete Login, once', async () => {
    const email = uniqueEmail('joiner');
    await invite(fx, email);
    const signedIn = await signInFromOutbox(svc, email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result?.data.email).toBe(email);
    expect(signedIn.body.result?.data.workspaces).toEqual([
      { id: fx.workspace.id, name: fx.workspace.name, role: 'viewer' },
    ]);
    expect(await memberOf(fx, email)).toMatchObject({ status: 'active', lastSignInAt: iso(now) });
    const again = await signInFromOutbox(svc, email);
    expect(again.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'This login link has already been used. Request a new one.',
      },
    });
  });

  it('re-sends a pending invitation: a new expiry, a new link, the role asked now', async () => {
    const email = uniqueEmail('again');
    await invite(fx, email, 'viewer');
    const first = await newestMailTo(svc, email);
    now += 2 * DAY;
    const resent = await invite(fx, email, 'admin');
    expect(resent).toMatchObject({ role: 'admin', status: 'invited', invitedAt: iso(now) });
    const mails = await mailTo(svc, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.link).not.toBe(first.link);
    // Valid for the whole lifetime from the re-send, not from the first invitation.
    now += (INVITATION_LIFETIME_DAYS - 1) * DAY;
    expect((await memberOf(fx, email))?.status).toBe('invited');
    now += DAY;
    expect((await memberOf(fx, email))?.status).toBe('expired');
    expect(await membersOf(fx)).toHaveLength(2);
  });

  it('re-sends an expired invitation, which is pending again', async () => {
    const email = uniqueEmail('late');
    await invite(fx, email);
    now += (INVITATION_LIFETIME_DAYS + 3) * DAY;
    expect((await memberOf(fx, email))?.status).toBe('expired');
    expect(await invite(fx, email)).toMatchObject({ status: 'invited', invitedAt: iso(now) });
    expect(await mailTo(svc, email)).toHaveLength(2);
  });

  it('refuses an active member and the owner with ALREADY_EXISTS, sending nothing', async () => {
    const email = uniqueEmail('active');
    await activeMember(svc, fx, email, 'viewer');
    const cases: [string, string][] = [
      [email, `${email} is already a member of this workspace.`],
      [owner().toUpperCase(), `${owner()} is the owner of this workspace.`],
    ];
    for (const [address, message] of cases) {
      const before = await mailTo(svc, address);
      const res = await fx.send(inviteMember, { email: address, role: 'admin' });
      expect(res.status, address).toBe(409);
      expect(res.body).toEqual({ error: { status: 'ALREADY_EXISTS', message } });
      expect(await mailTo(svc, address)).toEqual(before);
    }
    expect((await memberOf(fx, email))?.role).toBe('viewer');
  });

  it('refuses a disposable address and the owner role, writing nothing', async () => {
    const disposable = await fx.send(inviteMember, { email: 'x@mailinator.com', role: 'viewer' });
    expect(disposable.body).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'This email domain is not supported.' },
    });
    const ownerRole = await fx.send(inviteMember, { email: uniqueEmail(), role: 'owner' });
    expect(ownerRole.status).toBe(400);
    expect(ownerRole.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    expect(await membersOf(fx)).toHaveLength(1);
  });
});

describe('Update Member', () => {
  it('changes the role of a member and of an invitation', async () => {
    const member = uniqueEmail('member');
    const invited = uniqueEmail('invited');
    await activeMember(svc, fx, member, 'viewer');
    await invite(fx, invited, 'admin');
    const res = await fx.send(updateMember, { email: member.toUpperCase(), role: 'admin' });
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Member updated.',
        data: expect.objectContaining({ email: member, role: 'admin', status: 'active' }),
      },
    });
    const demoted = await fx.call(updateMember, { email: invited, role: 'viewer' });
    expect(demoted.data).toMatchObject({ role: 'viewer', status: 'invited' });
    // The same role again changes nothing and is no error.
    expect((await fx.call(updateMember, { email: invited, role: 'viewer' })).data.role).toBe(
      'viewer',
    );
  });

  it('refuses to change the owner’s role except by handing over, and unknown addresses', async () => {
    for (const role of ['admin', 'viewer'] as const) {
      const res = await fx.send(updateMember, { email: owner(), role });
      expect(res.status, role).toBe(400);
      expect(res.body).toEqual({
        error: {
          status: 'FAILED_PRECONDITION',
          message:
            "The owner's role cannot be changed: hand ownership to an active admin (role owner), and the owner becomes an admin.",
        },
      });
    }
    // Asking the owner to be owner is what it already is.
    expect((await fx.call(updateMember, { email: owner(), role: 'owner' })).data.role).toBe(
      'owner',
    );
    const stranger = uniqueEmail('stranger');
    const unknown = await fx.send(updateMember, { email: stranger, role: 'admin' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: {
        status: 'NOT_FOUND',
        message: `${stranger} is neither a member of this workspace nor invited to it.`,
      },
    });
  });
});

describe('Remove Member', () => {
  it('removes an active member, and cancels a pending or an expired invitation', async () => {
    const member = uniqueEmail('leaving');
    const pending = uniqueEmail('pending');
    const expired = uniqueEmail('expired');
    await activeMember(svc, fx, member, 'admin');
    await invite(fx, expired);
    now += (INVITATION_LIFETIME_DAYS + 1) * DAY;
    await invite(fx, pending);
    const cases: [string, string][] = [
      [member, 'Member removed.'],
      [pending, 'Invitation cancelled.'],
      [expired, 'Invitation cancelled.'],
    ];
    for (const [email, message] of cases) {
      const res = await fx.send(removeMember, { email: email.toUpperCase() });
      expect(res.body, email).toEqual({
        result: { status: 'success', message, data: { email, removed: true } },
      });
    }
    expect((await membersOf(fx)).map((m) => m.email)).toEqual([owner()]);
    // A removed member can be invited again.
    expect(await invite(fx, member)).toMatchObject({ status: 'invited' });
  });

  it('refuses to remove the owner, and an address that is not there', async () => {
    const res = await fx.send(removeMember, { email: owner() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: {
        status: 'FAILED_PRECONDITION',
        message:
          'The owner cannot be removed: hand ownership to an active admin first, then the former owner can be removed.',
      },
    });
    const stranger = uniqueEmail('stranger');
    const unknown = await fx.send(removeMember, { email: stranger });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: { status: 'NOT_FOUND' } });
    expect(await membersOf(fx)).toHaveLength(1);
  });
});
