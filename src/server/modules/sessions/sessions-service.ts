import type { RevokeSessionsRequest, Session } from '#contract/sessions';
import type { AuditNote } from '../../audit/audit-note';
import { rolePlurals } from '#contract/roles';
import type { Person } from '../../http/auth';
import { ServiceError } from '../../http/service-error';
import { idleCutoff, listSessions, revokeSessions as endSessions } from '../../rows/session-store';
import { activeMemberships, isMember } from '../../rows/workspace-members';
import type { Services } from '../../services';

/** Now, and the last use before which a session has ended for idleness. */
function moment(s: Services): { now: Date; idleSince: Date } {
  const now = s.clock();
  return { now, idleSince: idleCutoff(now, s.config.sessions.idleHours) };
}

/** Get Current Session: who is signed in, and where (what a new tab asks before anything else). */
export async function currentSession(s: Services, who: { email: string; sessionId: string }) {
  return { ...who, workspaces: await activeMemberships(s.db, who.email) };
}

/** Get Sessions: the caller's own live sessions, the most recently seen first. */
export async function getSessions(s: Services, person: Person): Promise<{ sessions: Session[] }> {
  const { now, idleSince } = moment(s);
  const rows = await listSessions(
    s.db,
    person.email,
    now,
    idleSince,
    s.config.sessions.maxPerPerson,
  );
  return {
    sessions: rows.map((r) => ({
      sessionId: r.id,
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      userAgent: r.userAgent,
      address: r.address,
      current: r.id === person.sessionId,
    })),
  };
}

/**
 * Revoke Sessions: one of the caller's own sessions, all of them (or all but this one), or, for
 * the owner (a workspace token counts as the owner), every session of a member of the
 * workspace, which signs them out everywhere without removing them. Ending one's own sessions
 * is any member's; naming another member asks for the owner, which only this request's variant
 * can tell (the role table says who may call the endpoint at all).
 */
export async function revokeSessions(
  s: Services,
  workspaceId: string,
  person: Person | undefined,
  input: RevokeSessionsRequest,
  audit: AuditNote,
): Promise<{ revoked: number }> {
  const { now, idleSince } = moment(s);
  if ('email' in input) {
    const email = input.email.toLowerCase();
    if (person && person.email !== email && person.role !== 'owner') {
      throw new ServiceError(
        'PERMISSION_DENIED',
        `${rolePlurals[person.role]} cannot end another member's sessions.`,
      );
    }
    if (!(await isMember(s.db, workspaceId, email))) {
      throw new ServiceError('NOT_FOUND', 'Member not found.');
    }
    audit.target({ email });
    const ended = await endSessions(s.db, email, { allBut: undefined }, now, idleSince);
    return { revoked: ended.length };
  }
  if (!person) {
    throw new ServiceError(
      'INVALID_ARGUMENT',
      'A workspace token has no sessions: name the email of a member whose sessions to end.',
    );
  }
  const which =
    'sessionId' in input
      ? { sessionId: input.sessionId }
      : { allBut: input.keepCurrent ? person.sessionId : undefined };
  const ended = await endSessions(s.db, person.email, which, now, idleSince);
  if ('sessionId' in input && ended.length === 0) {
    throw new ServiceError('NOT_FOUND', 'Session not found.');
  }
  return { revoked: ended.length };
}

/** Sign Out: ends the session the call came with, and tells the browser to forget it. */
export async function signOut(
  s: Services,
  who: { email: string; sessionId: string },
  audit: AuditNote,
): Promise<null> {
  const { now, idleSince } = moment(s);
  await endSessions(s.db, who.email, { sessionId: who.sessionId }, now, idleSince);
  audit.personIn(who, await activeMemberships(s.db, who.email));
  return null;
}
