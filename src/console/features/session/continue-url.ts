import { safeRedirect } from '../../lib/format';

/**
 * Where a login link leads: this console's sign-in page, carrying the page the admin wanted, so
 * that the round trip through the mailbox still ends there. The service adds `mode` and `oobCode`.
 */
export function continueUrl(origin: string, redirectTo: string | undefined): string {
  const url = new URL('/sign-in', origin);
  const target = safeRedirect(redirectTo);
  if (target !== '/') url.searchParams.set('redirect', target);
  return url.toString();
}
