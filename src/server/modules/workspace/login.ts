import { randomBytes } from 'node:crypto';
import { ServiceError, invalidArgument } from '../../http/service-error';
import type { Services } from '../../services';
import { disposableMessage, isDisposableEmail } from './disposable';
import { insertLoginCode } from './login-store';
import { normalizeEmail } from './service';
import { findOwner, listOwnerWorkspaces } from './store';

export const loginCodeLifetimeMs = 60 * 60 * 1000;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The continueUrl rules of the specification: a valid http(s) URL on the console's own host. */
export function checkContinueUrl(raw: string, consoleDomain: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidArgument('Invalid url for continueUrl');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidArgument('Invalid url for continueUrl');
  }
  const host = url.hostname.toLowerCase();
  if (host !== consoleDomain.toLowerCase() && !loopbackHosts.has(host)) {
    throw invalidArgument('The continueUrl domain is not allowed.');
  }
  return url;
}

/**
 * Sends a one-time login link. An address that owns no workspace gets a link too, which leads to
 * an empty list, so the answer never tells whether an account exists; for the same reason every
 * address counts against the per-recipient limit alike, before anything is written.
 */
export async function sendLoginLink(s: Services, input: { email: string; continueUrl: string }) {
  const url = checkContinueUrl(input.continueUrl, s.config.consoleDomain);
  if (isDisposableEmail(input.email)) throw invalidArgument(disposableMessage);
  const email = normalizeEmail(input.email);
  await s.recipients.admit(email);
  const code = randomBytes(32).toString('base64url');
  const now = s.clock();
  await insertLoginCode(s.db, {
    codeHash: s.secrets.lookupHash(code),
    email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + loginCodeLifetimeMs),
    usedAt: null,
  });
  url.searchParams.set('mode', 'signIn');
  url.searchParams.set('oobCode', code);
  const link = url.toString();
  await s.mailer.send({
    to: email,
    subject: 'Your sign-in link for the workspace console',
    text: `Open this link to sign in:\n\n${link}\n\nIt works once and expires in one hour. If you did not ask for it, ignore this message.`,
    link,
  });
}

export async function emailVerificationStatus(s: Services, ownerEmail: string) {
  const owner = await findOwner(s.db, normalizeEmail(ownerEmail));
  const hasWorkspace = owner && (await listOwnerWorkspaces(s.db, owner.email)).length > 0;
  if (!owner || !hasWorkspace) throw new ServiceError('NOT_FOUND', 'User not found');
  const verified = owner.verifiedAt !== null;
  return {
    data: { verified },
    message: verified ? 'Email verified and workspace reactivated' : 'Email not yet verified',
  };
}
