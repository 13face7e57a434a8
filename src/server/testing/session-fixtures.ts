import { sql } from 'drizzle-orm';
import type { Client } from '#contract/client';
import { sessionCookieName, type SessionCredentials } from '#contract/credentials';
import type { Role } from '#contract/roles';
import { sendLoginLink } from '#contract/workspace';
import { completeLogin, type SignedIn } from '#contract/workspace-access';
import type { TestService } from './test-service';

/*
 * People of a workspace and their sessions, for service tests. Member rows written here are the
 * cheap set-up of tests about sessions (the tests about the team's flow go through Invite, Update
 * and Remove Member); sessions come from the real sign-in: Send Login Link, the local outbox,
 * Complete Login.
 */

interface Outbox {
  messages: { to: string; link: string }[];
}

/** A member row: `joined` makes the member active (else invited for seven days from now). */
export async function addMember(
  svc: TestService,
  workspaceId: string,
  email: string,
  role: Role,
  { joined = true }: { joined?: boolean } = {},
): Promise<void> {
  const now = new Date();
  const expires = joined ? null : new Date(now.getTime() + 7 * 86_400_000);
  await svc.database.db.execute(sql`
    insert into members (workspace_id, email, role, invited_by, invited_at, invitation_expires_at,
      joined_at)
    values (${workspaceId}, ${email}, ${role}, ${role === 'owner' ? null : 'owner@example.com'},
      ${now}, ${expires}, ${joined ? now : null})
    on conflict (workspace_id, email) do update set role = excluded.role,
      joined_at = excluded.joined_at, invitation_expires_at = excluded.invitation_expires_at`);
}

/** Removes a member row, as Remove Member will. */
export async function removeMember(
  svc: TestService,
  workspaceId: string,
  email: string,
): Promise<void> {
  await svc.database.db.execute(
    sql`delete from members where workspace_id = ${workspaceId} and email = ${email}`,
  );
}

/** The session token a reply's Set-Cookie hands out, or undefined. */
export function sessionCookieIn(headers: Headers): string | undefined {
  for (const cookie of headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const [name, value] = (pair ?? '').split('=');
    if (name?.trim() === sessionCookieName) return value?.trim();
  }
  return undefined;
}

/** A service in this process or another: where it listens, and the contract's client on it. */
export interface Signable {
  url: string;
  send: Client['send'];
}

/** The one-time code of the newest login link sent to `email` (from the service's outbox). */
export async function loginCodeFor(svc: Signable, email: string): Promise<string> {
  const sent = await svc.send(sendLoginLink, { email, continueUrl: 'http://localhost/sign-in' });
  if (sent.status !== 200) throw new Error(`Send Login Link answered ${sent.status}`);
  const outbox = (await (await fetch(`${svc.url}/dev/outbox`)).json()) as Outbox;
  const message = outbox.messages.find((m) => m.to === email.toLowerCase());
  if (!message) throw new Error(`no login link for ${email} in the outbox`);
  return new URL(message.link).searchParams.get('oobCode') ?? '';
}

export interface SignedInPerson {
  email: string;
  /** The session cookie's token. */
  cookie: string;
  signedIn: SignedIn;
  /** The credentials of a call on the workspace (and, given, the API key) as this person. */
  as(workspaceId: string, apiKeyId?: string): SessionCredentials;
}

/** Signs `email` in through the login link, as a browser does; `headers` go with Complete Login. */
export async function signIn(
  svc: Signable,
  email: string,
  headers: Record<string, string> = {},
): Promise<SignedInPerson> {
  return completeSignIn(svc, email, await loginCodeFor(svc, email), headers);
}

/** Completes a sign-in with a login code (on any service sharing the database). */
export async function completeSignIn(
  svc: Signable,
  email: string,
  oobCode: string,
  headers: Record<string, string> = {},
): Promise<SignedInPerson> {
  const reply = await svc.send(completeLogin, { oobCode }, { headers });
  const cookie = sessionCookieIn(reply.headers);
  if (reply.status !== 200 || cookie === undefined) {
    throw new Error(`Complete Login answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return {
    email,
    cookie,
    signedIn: reply.body.result.data,
    as: (workspaceId, apiKeyId) => ({
      kind: 'session',
      workspaceId,
      ...(apiKeyId === undefined ? {} : { apiKeyId }),
      cookie,
    }),
  };
}

/** The credentials of a session-level call (Get Current Session, Sign Out) with this cookie. */
export const sessionOnly = (cookie: string): SessionCredentials => ({ kind: 'session', cookie });
