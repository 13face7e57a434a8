import { deviceValue, keepDeviceValue } from './device-storage';
import { normalizeBaseUrl } from './session';

// Not in sessionStorage: a login link is often opened in another tab, which must find the server
// the link was asked from. It is an address, not a credential.
export const rememberedServerKey = 'console.server';

/** The server base URL last used to sign in ('' for the service that serves this console). */
export function rememberedServer(): string {
  return deviceValue(rememberedServerKey) ?? '';
}

export function rememberServer(baseUrl: string): void {
  keepDeviceValue(rememberedServerKey, normalizeBaseUrl(baseUrl) || null);
}
