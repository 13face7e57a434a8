import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getEmailVerificationStatus, sendLoginLink } from '#contract/workspace';
import { completeLogin } from '#contract/workspace-access';
import { createWorkspaceFixture, uniqueEmail } from '../../testing/fixtures';
import { sessionCookieIn } from '../../testing/session-fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { getPermissionProviderConfig } from '#contract/api-keys';

let now = new Date('2026-01-01T00:00:00Z').getTime();
const day = 24 * 60 * 60 * 1000;
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    clock: () => new Date(now),
    env: { CONSOLE_DOMAIN: 'console.example.com' },
  });
});
afterAll(() => svc.close());

interface Outbox {
  messages: { to: string; subject: string; text: string; link: string; sentAt: string }[];
}

async function linkFor(email: string): Promise<URL> {
  const res = await svc.send(sendLoginLink, {
    email,
    continueUrl: 'https://console.example.com/sign-in?from=mail',
  });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    result: { status: 'success', message: expect.any(String), data: null },
  });
  const outbox = await svc.fetch('/dev/outbox');
  const message = (outbox.body as unknown as Outbox).messages.find((m) => m.to === email);
  if (!message) throw new Error('no message in the outbox');
  expect(message.text).toContain(message.link);
  return new URL(message.link);
}

const complete = (oobCode: string) => svc.send(completeLogin, { oobCode });

describe('Send Login Link', () => {
  it('checks continueUrl: a valid URL on the console domain or localhost', async () => {
    const email = uniqueEmail();
    const cases: [string, string][] = [
      ['not a url', 'Invalid url for continueUrl'],
      ['ftp://console.example.com/x', 'Invalid url for continueUrl'],
      ['https://evil.example.net/', 'The continueUrl domain is not allowed.'],
      ['https://console.example.com.evil.net/', 'The continueUrl domain is not allowed.'],
    ];
    for (const [continueUrl, message] of cases) {
      const res = await svc.send(sendLoginLink, { email, continueUrl });
      expect(res.status, continueUrl).toBe(400);
      expect(res.body).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
    }
    for (const continueUrl of ['http://localhost:5173/', 'http://127.0.0.1:8787/sign-in']) {
      const res = await svc.send(sendLoginLink, { email, continueUrl });
      expect(res.status, continueUrl).toBe(200);
    }
  });

  it('refuses disposable domains, also below their registrable domain', async () => {
    for (const email of ['x@mailinator.com', 'x@eu.mailinator.com', 'X@Guerrillamail.com']) {
      const res = await svc.send(sendLoginLink, {
        email,
        continueUrl: 'http://localhost/',
      });
      expect(res.body, email).toEqual({
        error: { status: 'INVALID_ARGUMENT', message: 'This email domain is not supported.' },
      });
    }
  });

  it('sends a one-time link with mode=signIn that signs the owner in and verifies the e-mail', async () => {
    const fx = await createWorkspaceFixture(svc);
    const { workspace } = fx;
    const email = workspace.owner.email;
    const before = await svc.send(getEmailVerificationStatus, { ownerEmail: email });
    expect(before.body).toEqual({
      result: { status: 'success', message: 'Email not yet verified', data: { verified: false } },
    });

    const link = await linkFor(email);
    expect(link.origin + link.pathname).toBe('https://console.example.com/sign-in');
    expect(link.searchParams.get('from')).toBe('mail');
    expect(link.searchParams.get('mode')).toBe('signIn');
    const code = link.searchParams.get('oobCode') ?? '';
    expect(code.length).toBeGreaterThan(30);

    const signedIn = await complete(code);
    expect(signedIn.status).toBe(200);
    // The person and their workspaces; the session only in the cookie, never in the body.
    expect(signedIn.body.result.data).toEqual({
      email,
      workspaces: [{ id: workspace.id, name: workspace.name, role: 'owner' }],
    });
    expect(sessionCookieIn(signedIn.headers)).toMatch(/^sst_/);

    const after = await svc.send(getEmailVerificationStatus, { ownerEmail: email.toUpperCase() });
    expect(after.body).toEqual({
      result: {
        status: 'success',
        message: 'Email verified and workspace reactivated',
        data: { verified: true },
      },
    });

    const again = await complete(code);
    expect(again.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'This login link has already been used. Request a new one.',
      },
    });
  });

  it('answers an address without a workspace like any other, and reveals nothing', async () => {
    const email = uniqueEmail('nobody');
    const link = await linkFor(email);
    const signedIn = await complete(link.searchParams.get('oobCode') ?? '');
    expect(signedIn.body.result.data).toEqual({ email, workspaces: [] });
    const status = await svc.send(getEmailVerificationStatus, { ownerEmail: email });
    expect(status.status).toBe(404);
    expect(status.body).toEqual({ error: { status: 'NOT_FOUND', message: 'User not found' } });
  });

  it('refuses a code after one hour, and a code that was never sent', async () => {
    const link = await linkFor(uniqueEmail());
    now += 60 * 60 * 1000 + 1;
    const late = await complete(link.searchParams.get('oobCode') ?? '');
    expect(late.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'This login link has expired. Request a new one.',
      },
    });
    const forged = await complete('x'.repeat(43));
    expect(forged.body).toEqual({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'This login link is not valid. Request a new one.',
      },
    });
  });
});

describe('keys of unverified owners', () => {
  it('expire after the grace period, say why, and come back once the e-mail is verified', async () => {
    const fixture = await createWorkspaceFixture(svc);
    const call = () => fixture.send(getPermissionProviderConfig, {});
    now += 6 * day;
    expect((await call()).status).not.toBe(403);

    now += 1 * day + 1000;
    const expired = await call();
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
    expect((expired.body as { error: { message: string } }).error.message).toMatch(
      /e-mail address was not verified within 7 days/,
    );

    const link = await linkFor(fixture.workspace.owner.email);
    await complete(link.searchParams.get('oobCode') ?? '');
    const status = await svc.send(getEmailVerificationStatus, {
      ownerEmail: fixture.workspace.owner.email,
    });
    expect(status.body).toMatchObject({ result: { data: { verified: true } } });
    expect((await call()).status).not.toBe(403);
  });
});
