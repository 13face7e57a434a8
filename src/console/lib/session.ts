import { useSyncExternalStore } from 'react';
import { z } from 'zod';

/** What the console needs to call the service; kept per tab in sessionStorage. */
const sessionSchema = z.object({
  /** '' means the origin that served the console. */
  baseUrl: z.string(),
  workspaceId: z.string().min(1),
  workspaceToken: z.string().min(1),
  /**
   * The API key last opened in this tab, where the old addresses (`/webhooks`) and the navigation
   * lead. Its token is not kept here: the key's pages fetch it (Get Auth Tokens) into memory.
   */
  apiKey: z.string().min(1).optional(),
});

export type Session = z.infer<typeof sessionSchema>;

const storageKey = 'console.session';
const listeners = new Set<() => void>();

// useSyncExternalStore needs the same object back while nothing changed, so the parsed session is
// cached against the raw string it came from.
let cached: { raw: string | null; session: Session | null } = { raw: null, session: null };

function readRaw(): string | null {
  try {
    return window.sessionStorage.getItem(storageKey);
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
  window.sessionStorage.setItem(storageKey, JSON.stringify(sessionSchema.parse(session)));
  notify();
}

/** Changes part of the stored session, e.g. the API key opened last. */
export function updateSession(patch: Partial<Session>): void {
  const current = getSession();
  if (current) setSession({ ...current, ...patch });
}

export function clearSession(): void {
  window.sessionStorage.removeItem(storageKey);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/** Base URL as the user typed it, without the trailing slash that would double the path's. */
export function normalizeBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}
