import { ServiceError, invalidArgument } from '../../http/service-error';
import { deliverableAddress, normalizeEmail } from '../../mail/addresses';
import { issueLoginLink } from '../../mail/login-link';
import type { Services } from '../../services';
import { findOwner, listOwnerWorkspaces } from './store';

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
  const email = deliverableAddress(input.email);
  const link = await issueLoginLink(s, email, url);
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
