import type { Env } from './env-values';
import { isLoopback } from './loopback';
import { originSetting } from './serving-config';

/**
 * The console's own address, for the links the service writes into e-mails nobody asked it for
 * from a page (an invitation: the owner's call may come from a script): `CONSOLE_URL`, else the
 * console this service serves on its own port while `CONSOLE_DOMAIN` is local, else
 * `https://CONSOLE_DOMAIN`. Its host obeys the rule of every login link's `continueUrl`:
 * `CONSOLE_DOMAIN` or a loopback address.
 */
export function loadConsoleUrl(env: Env, consoleDomain: string, port: number): string {
  const raw = env.CONSOLE_URL;
  if (!raw) {
    return isLoopback(consoleDomain) ? `http://localhost:${port}` : `https://${consoleDomain}`;
  }
  const url = originSetting('CONSOLE_URL', raw, 'https://console.example.com');
  if (url.hostname.toLowerCase() !== consoleDomain.toLowerCase() && !isLoopback(url.hostname)) {
    throw new Error(
      `CONSOLE_URL: its host must be CONSOLE_DOMAIN (${consoleDomain}) or a loopback address, as every login link's`,
    );
  }
  return url.origin;
}
