import { expect } from 'vitest';
import type { InvitableRole } from '#contract/roles';
import { type Member, getMembers, inviteMember } from '#contract/team';
import { completeLogin } from '#contract/workspace-access';
import type { WorkspaceFixture } from './fixtures';
import type { TestService } from './test-service';

/** A message the local outbox kept (`GET /dev/outbox`), newest first. */
export interface KeptMail {
  to: string;
  subject: string;
  text: string;
  link: string;
  sentAt: string;
}

export async function mailTo(svc: TestService, email: string): Promise<KeptMail[]> {
  const outbox = (await svc.fetch('/dev/outbox')).body as unknown as { messages: KeptMail[] };
  return outbox.messages.filter((message) => message.to === email.toLowerCase());
}

/** The newest message to the address; fails when there is none. */
export async function newestMailTo(svc: TestService, email: string): Promise<KeptMail> {
  const [message] = await mailTo(svc, email);
  if (!message) throw new Error(`no message to ${email} in the outbox`);
  return message;
}

/** The one-time code a login link carries. */
export function oobCodeOf(link: string): string {
  const code = new URL(link).searchParams.get('oobCode');
  if (!code) throw new Error(`no oobCode in ${link}`);
  return code;
}

/** Signs in through the newest login link mailed to the address, as its reader would. */
export async function signInFromOutbox(svc: TestService, email: string) {
  const { link } = await newestMailTo(svc, email);
  return svc.send(completeLogin, { oobCode: oobCodeOf(link) });
}

/** Invites `email` into the fixture's workspace with its workspace token (the owner). */
export async function invite(
  fx: WorkspaceFixture,
  email: string,
  role: InvitableRole = 'viewer',
): Promise<Member> {
  return (await fx.call(inviteMember, { email, role })).data;
}

export async function membersOf(fx: WorkspaceFixture): Promise<Member[]> {
  return (await fx.call(getMembers, {})).data.members;
}

export async function memberOf(fx: WorkspaceFixture, email: string): Promise<Member | undefined> {
  return (await membersOf(fx)).find((member) => member.email === email.toLowerCase());
}

/** An invited member who has signed in: active, with the role given. */
export async function activeMember(
  svc: TestService,
  fx: WorkspaceFixture,
  email: string,
  role: InvitableRole,
): Promise<void> {
  await invite(fx, email, role);
  expect((await signInFromOutbox(svc, email)).status).toBe(200);
}
