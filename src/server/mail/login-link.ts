import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Secrets } from '../crypto/secrets';
import type { Db } from '../db/db';
import { loginCodes } from '../db/schema/schema';
import type { RecipientLimit } from './recipient-limit';

/** A login link works once, within this time of being sent. */
export const loginCodeLifetimeMs = 60 * 60 * 1000;

/** What issuing a link needs of the services. */
export interface LoginLinkServices {
  db: Db;
  secrets: Secrets;
  clock: Clock;
  recipients: RecipientLimit;
}

/**
 * A one-time login link to `email` (already normalised) through `continueUrl`, for Send Login
 * Link and invitations alike: the e-mail is counted against the recipient inbox's limit first
 * (RESOURCE_EXHAUSTED past it, nothing written), then the code is stored as a keyed hash only and
 * the link carries it with `mode=signIn` as the specification's links do. Inside a write call the
 * code joins the call's transaction, so a refused invitation leaves no code behind. The caller
 * sends the message.
 */
export async function issueLoginLink(
  s: LoginLinkServices,
  email: string,
  continueUrl: URL,
): Promise<string> {
  await s.recipients.admit(email);
  const code = randomBytes(32).toString('base64url');
  const now = s.clock();
  await s.db.insert(loginCodes).values({
    codeHash: s.secrets.lookupHash(code),
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + loginCodeLifetimeMs),
    usedAt: null,
  });
  const url = new URL(continueUrl);
  url.searchParams.set('mode', 'signIn');
  url.searchParams.set('oobCode', code);
  return url.toString();
}
