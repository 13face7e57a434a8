import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_MEMBERS_PER_WORKSPACE, inviteMember, removeMember } from '#contract/team';
import { sendLoginLink } from '#contract/workspace';
import { createWorkspaceFixture, limitsOn, uniqueEmail } from '../../testing/fixtures';
import { invite, mailTo, memberOf, membersOf } from '../../testing/member-fixtures';
import { rows } from '../../testing/rows';
import { type TestService, startTestService } from '../../testing/test-service';

const INVITES_PER_HOUR = 3;
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({
    env: limitsOn({ RATE_LIMIT_INVITE_MEMBER_MAX: String(INVITES_PER_HOUR) }),
  });
});
afterAll(() => svc.close());

const exhausted = {
  error: {
    status: 'RESOURCE_EXHAUSTED',
    message: 'Rate limit exceeded for this endpoint. Try again later.',
  },
};

async function loginCodesOf(email: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    svc.database.db,
    sql`select count(*)::int as n from login_codes where email = ${email}`,
  );
  return row?.n ?? -1;
}

it(`limits a workspace to ${INVITES_PER_HOUR} invitations an hour, re-sends included`, async () => {
  const fx = await createWorkspaceFixture(svc);
  const first = uniqueEmail('first');
  await invite(fx, first);
  await invite(fx, uniqueEmail('second'));
  await invite(fx, first); // a re-send counts: it sends an e-mail too
  const refusedEmail = uniqueEmail('refused');
  const refused = await fx.send(inviteMember, { email: refusedEmail, role: 'viewer' });
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual(exhausted);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  expect(await memberOf(fx, refusedEmail)).toBeUndefined();
  expect(await mailTo(svc, refusedEmail)).toEqual([]);
  // Another workspace has its own allowance.
  const other = await createWorkspaceFixture(svc);
  expect(await invite(other, refusedEmail)).toMatchObject({ status: 'invited' });
});

it('counts invitation e-mails against the per-inbox limit of Send Login Link', async () => {
  const email = uniqueEmail('popular');
  // Default: 5 sign-in e-mails an hour per inbox, whoever asks and however they are asked for.
  for (let i = 0; i < 3; i += 1) {
    const sent = await svc.send(sendLoginLink, { email, continueUrl: 'http://localhost/' });
    expect(sent.status).toBe(200);
  }
  await invite(await createWorkspaceFixture(svc), email);
  await invite(await createWorkspaceFixture(svc), email);
  expect(await loginCodesOf(email)).toBe(5);

  const fx = await createWorkspaceFixture(svc);
  const refused = await fx.send(inviteMember, { email, role: 'admin' });
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual(exhausted);
  // Refused before anything was written or sent.
  expect(await memberOf(fx, email)).toBeUndefined();
  expect(await loginCodesOf(email)).toBe(5);
  expect(await mailTo(svc, email)).toHaveLength(5);
  const link = await svc.send(sendLoginLink, { email, continueUrl: 'http://localhost/' });
  expect(link.body).toEqual(exhausted);
});

it(`holds at most ${MAX_MEMBERS_PER_WORKSPACE} members and invitations in a workspace`, async () => {
  const fx = await createWorkspaceFixture(svc);
  // Straight into the table: the rate limit would take hours to invite them one by one.
  await svc.database.db.execute(sql`
    insert into members (workspace_id, email, role, invited_by, invited_at, invitation_expires_at)
    select ${fx.workspace.id}, 'crowd.' || i || '@example.com', 'viewer',
      ${fx.workspace.owner.email}, now(), now() + interval '7 days'
    from generate_series(1, ${MAX_MEMBERS_PER_WORKSPACE - 1}) as i`);
  expect(await membersOf(fx)).toHaveLength(MAX_MEMBERS_PER_WORKSPACE);

  const newcomer = uniqueEmail('newcomer');
  const refused = await fx.send(inviteMember, { email: newcomer, role: 'viewer' });
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({
    error: {
      status: 'RESOURCE_EXHAUSTED',
      message: `A workspace may have at most ${MAX_MEMBERS_PER_WORKSPACE} members and invitations. Remove members or expired invitations to invite more.`,
    },
  });
  expect(await loginCodesOf(newcomer)).toBe(0);
  // A re-send adds no one, so it is still allowed; a removal makes room.
  expect(await invite(fx, 'crowd.7@example.com')).toMatchObject({ status: 'invited' });
  await fx.call(removeMember, { email: 'crowd.8@example.com' });
  expect(await invite(fx, newcomer)).toMatchObject({ status: 'invited' });
  expect(await membersOf(fx)).toHaveLength(MAX_MEMBERS_PER_WORKSPACE);
});

it('takes more invitations at once than the database pool has connections', async () => {
  // A dozen calls into one workspace wait for its lock, each holding a pooled connection (ten in
  // all); the one holding the lock counts its e-mail against the inbox's limit inside its own
  // transaction. Counted on a second pooled connection instead, it would wait for ever.
  const roomy = await startTestService({ database: svc.database, env: limitsOn() });
  try {
    const fx = await createWorkspaceFixture(roomy);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        fx.send(inviteMember, { email: uniqueEmail('rush'), role: 'viewer' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await membersOf(fx)).toHaveLength(13);
  } finally {
    await roomy.close();
  }
});
