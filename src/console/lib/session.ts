import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { deviceValue, keepDeviceValue } from './device-storage';

// Zod compiles object parsers with `new Function` where the page allows it, and finds out by trying:
// the console's policy refuses eval, so every page load reported a `securitypolicyviolation` for
// the probe. Zod decides when a schema is built, so this runs before any module builds one:
// main.tsx imports this module first, and nothing this module imports builds a schema.
z.config({ jitless: true });

/**
 * What the console needs to call the service; kept per tab in sessionStorage. A person signed in
 * by a login link holds a session in an HttpOnly cookie, which no script reads and every tab
 * shares: the tab keeps only which workspace it shows. A sign-in with the workspace ID and token
 * (for servers without sessions) keeps the token here, in this tab only.
 */
const sessionSchema = z.object({
  /** '' means the origin that served the console. */
  baseUrl: z.string(),
  workspaceId: z.string().min(1),
  /** Only for a sign-in with the workspace token, which acts as the workspace's owner. */
  workspaceToken: z.string().min(1).optional(),
  /**
   * The API key last opened in this tab, where the old addresses (`/webhooks`) and the navigation
   * lead. Its token is not kept here: the key's pages fetch it (Get Auth Tokens) into memory.
   */
  apiKey: z.string().min(1).optional(),
});

export type Session = z.infer<typeof sessionSchema>;

/** Whether the tab signed in with the workspace token rather than as a person with a session. */
export function signedInWithToken(session: Partial<Session>): boolean {
  return session.workspaceToken !== undefined;
}

export const sessionStorageKey = 'console.session';
const listeners = new Set<() => void>();

// useSyncExternalStore needs the same object back while nothing changed, so the parsed session is
// cached against the raw string it came from.
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(sessionStorageKey);
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  const raw = readRaw();
  if (raw === cached.raw) return cached.session;
  let session: Session | null = null;
  if (raw !== null) {
    try {
      const parsed = sessionSchema.safeParse(JSON.parse(raw));
      session = parsed.success ? parsed.data : null;
    } catch {
      session = null;
    }
  }
  cached = { raw, session };
  return session;
}

function notify() {
  for (const listener of listeners) listener();
}

export function setSession(session: Session): void {
  window.sessionStorage.setItem(sessionStorageKey, JSON.stringify(sessionSchema.parse(session)));
  notify();
}

/** Changes part of the stored session, e.g. the API key opened last. */
export function updateSession(patch: Partial<Session>): void {
  const current = getSession();
  if (current) setSession({ ...current, ...patch });
}

export function clearSession(): void {
  window.sessionStorage.removeItem(sessionStorageKey);
  notify();
}

// A person's sign-in on this device, shared by every tab: the workspace they opened last, so that
// a new tab or a bookmark opens it too. An id, not a credential (the cookie is the credential);
// its presence also says that a refused session is one that ended, worth a word on the way out.
const personKey = 'console.person';

/** The workspace a person signed in on this device opened last ('' for none yet), or null. */
export const personWorkspace = () => deviceValue(personKey);

export const rememberPerson = (workspaceId: string) => keepDeviceValue(personKey, workspaceId);

export const forgetPerson = () => keepDeviceValue(personKey, null);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  // On a server too: the only one is the build, which draws the overview for a stored session.
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** Base URL as the user typed it, without the trailing slash that would double the path's. */
export function normalizeBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}
