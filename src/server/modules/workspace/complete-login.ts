import type { SignedIn } from '#contract/workspace-access';
import { clip } from '../../audit/audit-entry';
import type { AuditNote } from '../../audit/audit-note';
import { newId } from '../../crypto/secrets';
import { newSessionToken } from '../../crypto/session-token';
import { CredentialRefused } from '../../http/auth';
import type { SessionCookieWriter } from '../../http/session-cookie';
import { endSessionsBeyond, idleCutoff, insertSession } from '../../rows/session-store';
import { signInMemberships } from '../../rows/workspace-members';
import type { Services } from '../../services';
import { consumeLoginCode, findLoginCode, markVerified } from './login-store';

const usedMessage = 'This login link has already been used. Request a new one.';

/** A code that does not sign in: counted against the caller's address like a wrong token. */
const refusedCode = (message: string) => new CredentialRefused('INVALID_ARGUMENT', message);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The browser a sign-in came from, as the request shows it. */
export interface SignInRequest {
  ip: string;
  userAgent: string;
  session: SessionCookieWriter;
  audit: AuditNote;
}

/**
 * Complete Login: the one-time code checked as before, then in the same transaction the
 * person's invitations that have not expired become memberships, every membership records the
 * sign-in, and a new session is made (a new id and token at every sign-in, so no session can be
 * fixed in advance), its least recently seen sessions beyond the cap ended. The token goes only
 * into the answer's cookie, and only its keyed hash into the database.
 */
export async function completeLogin(
  s: Services,
  oobCode: string,
  from: SignInRequest,
): Promise<SignedIn> {
  const codeHash = s.secrets.lookupHash(oobCode);
  const now = s.clock();
  const { idleHours, lifetimeDays, maxPerPerson } = s.config.sessions;
  const signedIn = await s.db.transaction(async (tx) => {
    const code = await findLoginCode(tx, codeHash);
    if (!code) throw refusedCode('This login link is not valid. Request a new one.');
    if (code.usedAt) throw refusedCode(usedMessage);
    if (code.expiresAt.getTime() <= now.getTime()) {
      throw refusedCode('This login link has expired. Request a new one.');
    }
    if (!(await consumeLoginCode(tx, codeHash, now))) throw refusedCode(usedMessage);
    const { email } = code;
    await markVerified(tx, email, now);
    const workspaces = await signInMemberships(tx, email, now);
    await endSessionsBeyond(tx, email, maxPerPerson - 1, now, idleCutoff(now, idleHours));
    const token = newSessionToken();
    const sessionId = newId('ses');
    await insertSession(tx, {
      id: sessionId,
      tokenHash: s.secrets.lookupHash(token),
      email,
      at: now,
      expiresAt: new Date(now.getTime() + lifetimeDays * DAY_MS),
      userAgent: clip(from.userAgent, 299),
      address: from.ip,
    });
    from.audit.personIn({ email, sessionId }, workspaces);
    from.session.set(token, lifetimeDays * (DAY_MS / 1000));
    return { email, workspaces };
  });
  // Verification revives suspended keys; it is rare, so forgetting every cached key is cheap.
  s.credentialCache.apiKeyCredential.clear();
  return signedIn;
}
