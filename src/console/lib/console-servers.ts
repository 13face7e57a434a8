import { CONSOLE_SERVERS_META } from '#contract/console-page';

// Loaded by the sign-in forms when a base URL is typed: not in the sign-in page's first load.

/**
 * Why this console may not call the service at `baseUrl` ('' is its own): the service that served
 * the page names the other servers it may call in a meta (CONSOLE_SERVERS, the list of its
 * Content-Security-Policy, which would refuse the connection), and this is not one of them.
 * Undefined when it may, or when the page does not say (Vite's dev server, a console hosted
 * elsewhere).
 */
export function serverRefusal(baseUrl: string): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${CONSOLE_SERVERS_META}"]`);
  if (!baseUrl || !meta) return undefined;
  const others = meta.content.split(' ').filter(Boolean);
  const origin = URL.parse(baseUrl)?.origin;
  if (origin === location.origin || (origin && others.includes(origin))) return undefined;
  const own = `the service that serves it (${location.origin})`;
  return (
    `This console may only connect to ${others.length > 0 ? `${own} and to ${others.join(', ')}` : own}; ` +
    'the operator allows other servers with CONSOLE_SERVERS.'
  );
}
