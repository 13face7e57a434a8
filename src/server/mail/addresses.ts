import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { getDomain } from 'tldts';
import { invalidArgument } from '../http/service-error';

const blocklist = disposableEmailBlocklistSet();

/**
 * True when the address is at a disposable-mail provider. Both the host and its registrable domain
 * are checked, so `x@eu.mailinator.com` is caught by `mailinator.com`, and list entries that sit
 * below a public suffix (`foo.dynv6.net`) still match exactly.
 */
export function isDisposableEmail(email: string): boolean {
  const host = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (blocklist.has(host)) return true;
  const registrable = getDomain(host, { allowPrivateDomains: true });
  const icann = getDomain(host);
  return (
    (registrable !== null && blocklist.has(registrable)) || (icann !== null && blocklist.has(icann))
  );
}

export const disposableMessage = 'This email domain is not supported.';

/** An address as members, owners and login codes store it. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * An address the service will write to, as it stores it: refused (INVALID_ARGUMENT) at a
 * disposable-mail provider, as workspaces, login links and invitations all are.
 */
export function deliverableAddress(email: string): string {
  if (isDisposableEmail(email)) throw invalidArgument(disposableMessage);
  return normalizeEmail(email);
}
