import { normalizeBaseUrl } from '../../lib/session';

// Not in sessionStorage: a login link is often opened in another tab, which must find the server
// the link was asked from. It is an address, not a credential.
const storageKey = 'console.server';

/** The server base URL last used to sign in ('' for the service that serves this console). */
export function rememberedServer(): string {
  try {
    return window.localStorage.getItem(storageKey) ?? '';
  } catch {
    return '';
  }
}

export function rememberServer(baseUrl: string): void {
  const value = normalizeBaseUrl(baseUrl);
  try {
    if (value) window.localStorage.setItem(storageKey, value);
    else window.localStorage.removeItem(storageKey);
  } catch {
    // Without storage, a link opened in another tab uses this console's own service.
  }
}
