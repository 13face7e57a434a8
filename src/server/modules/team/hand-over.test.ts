import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey, getApiKeyConfig } from '#contract/api-keys';
import { removeMember, updateMember } from '#contract/team';
import { getWorkspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { type WorkspaceFixture, createWorkspaceFixture, uniqueEmail } from '../../testing/fixtures';
import { activeMember, invite, membersOf, signInFromOutbox } from '../../testing/member-fixtures';
import { type TestService, startTestService } from '../../testing/test-service';

const DAY = 24 * 60 * 60 * 1000;
let now = new Date('2026-04-01T09:00:00Z').getTime();
let svc: TestService;
let fx: WorkspaceFixture;

beforeAll(async () => {
  svc = await startTestService({ clock: () => new Date(now) });
});
afterAll(() => svc.close());

beforeEach(async () => {
  fx = await createWorkspaceFixture(svc);
});

const refusal = (message: string) => ({ error: { status: 'FAILED_PRECONDITION', message } });
const roles = async () => (await membersOf(fx)).map((m) => [m.email, m.role]);

describe('Update Member with role owner', () => {
  it('hands the workspace to an active admin; the owner becomes an admin', async () => {
    const before = fx.workspace.owner.email;
    const heir = uniqueEmail('heir');
    await activeMember(svc, fx, heir, 'admin');
    // Read before, so that whatever a process keeps of them is in place.
    expect((await fx.call(getWorkspace, {})).data.owner.email).toBe(before);
    const res = await fx.send(updateMember, { email: heir, role: 'owner' });
    expect(res.body).toEqual({
      result: {
        status: 'success',
        message: 'Ownership handed over.',
        data: expect.objectContaining({ email: heir, role: 'owner', status: 'active' }),
      },
    });
    expect(await roles()).toEqual([
      [heir, 'owner'],
      [before, 'admin'],
    ]);
    // The workspace names its new owner, and its API keys keep working for them.
    const workspace = (await fx.call(getWorkspace, {})).data;
    expect(workspace.owner).toMatchObject({ email: heir, name: heir, avatar: '' });
    expect((await fx.call(getApiKeyConfig, {})).data.ownerEmail).toBe(heir);
    // The former owner is an admin like any other: the new owner may remove them.
    const removed = await fx.send(removeMember, { email: before });
    expect(removed.status).toBe(200);
    expect(await roles()).toEqual([[heir, 'owner']]);
  });

  it('goes only to an active admin, and changes nothing when refused', async () => {
    const viewer = uniqueEmail('viewer');
    const invited = uniqueEmail('invited');
    const expired = uniqueEmail('expired');
    await activeMember(svc, fx, viewer, 'viewer');
    await invite(fx, expired, 'admin');
    now += 8 * DAY;
    await invite(fx, invited, 'admin');
    const before = await membersOf(fx);
    const cases: [string, string][] = [
      [viewer, `Ownership goes only to an active admin: make ${viewer} an admin first.`],
      [invited, `Ownership goes only to an active admin: ${invited} has not signed in yet.`],
      [expired, `Ownership goes only to an active admin: ${expired} has not signed in yet.`],
    ];
    for (const [email, message] of cases) {
      const res = await fx.send(updateMember, { email, role: 'owner' });
      expect(res.status, email).toBe(400);
      expect(res.body).toEqual(refusal(message));
    }
    expect(await membersOf(fx)).toEqual(before);
    expect((await fx.call(getWorkspace, {})).data.owner.email).toBe(fx.workspace.owner.email);
  });

  it('refuses an heir who owns a workspace of the same name, with no partial write', async () => {
    const heir = uniqueEmail('namesake');
    await svc.call(createWorkspace, { ownerEmail: heir, workspaceName: fx.workspace.name });
    await invite(fx, heir, 'admin');
    expect((await signInFromOutbox(svc, heir)).status).toBe(200);
    const before = await membersOf(fx);
    const res = await fx.send(updateMember, { email: heir, role: 'owner' });
    expect(res.body).toEqual(
      refusal(
        `${heir} already owns a workspace named "${fx.workspace.name}", and an owner's workspaces need different names.`,
      ),
    );
    expect(await membersOf(fx)).toEqual(before);
    expect((await fx.call(getWorkspace, {})).data.owner.email).toBe(fx.workspace.owner.email);
  });

  it('refuses an heir who owns the most workspaces an e-mail may own', async () => {
    const heir = uniqueEmail('busy');
    const root = (await svc.call(createWorkspace, { ownerEmail: heir, workspaceName: 'root' }))
      .data;
    // More workspaces need the root workspace on a paid plan: a production key.
    await svc.call(
      createApiKey,
      { type: 'production' },
      { credentials: { kind: 'workspace', id: root.id, token: root.authToken } },
    );
    for (let i = 2; i <= 5; i += 1) {
      // Later than the root, which is the e-mail's first workspace by creation time.
      now += 1000;
      await svc.call(createWorkspace, { ownerEmail: heir, workspaceName: `more ${i}` });
    }
    await invite(fx, heir, 'admin');
    expect((await signInFromOutbox(svc, heir)).status).toBe(200);
    const res = await fx.send(updateMember, { email: heir, role: 'owner' });
    expect(res.body).toEqual(
      refusal(`${heir} already owns 5 workspaces, the most an e-mail may own.`),
    );
    expect((await fx.call(getWorkspace, {})).data.owner.email).toBe(fx.workspace.owner.email);
  });

  it('keeps the keys working past the unverified-key grace: signing in proved the address', async () => {
    const heir = uniqueEmail('proven');
    await activeMember(svc, fx, heir, 'admin');
    expect((await fx.send(getApiKeyConfig, {})).status).toBe(200);
    await fx.call(updateMember, { email: heir, role: 'owner' });
    now += 30 * DAY;
    const res = await fx.send(getApiKeyConfig, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
