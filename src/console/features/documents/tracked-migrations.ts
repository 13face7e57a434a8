import { useSyncExternalStore } from 'react';

/** A migration this console started, remembered so that its status is followed to its end. */
export interface TrackedMigration {
  apiKeyId: string;
  organizationId: string;
  migrationId: string;
  documentId: string;
  newDocumentId: string;
  /** Set once its end was announced, so that a reload does not announce it again. */
  announced?: boolean;
}

const storageKey = 'console.migrations';
/** The newest ones are kept; a tab does not collect migrations for ever. */
const MAX_TRACKED = 20;
const listeners = new Set<() => void>();
let cache: { raw: string | null; list: readonly TrackedMigration[] } = { raw: null, list: [] };

function read(): readonly TrackedMigration[] {
  const raw = window.sessionStorage.getItem(storageKey);
  if (raw === cache.raw) return cache.list;
  let list: TrackedMigration[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed as TrackedMigration[];
  } catch {
    // Something else wrote here: start again.
  }
  cache = { raw, list };
  return list;
}

function write(list: readonly TrackedMigration[]) {
  window.sessionStorage.setItem(storageKey, JSON.stringify(list.slice(-MAX_TRACKED)));
  for (const listener of listeners) listener();
}

export function trackMigration(migration: TrackedMigration): void {
  write([...read().filter((m) => m.migrationId !== migration.migrationId), migration]);
}

export function markAnnounced(migrationId: string): void {
  write(read().map((m) => (m.migrationId === migrationId ? { ...m, announced: true } : m)));
}

export function forgetMigration(migrationId: string): void {
  write(read().filter((m) => m.migrationId !== migrationId));
}

/** The migrations started in this tab for one API key, oldest first; kept over reloads. */
export function useTrackedMigrations(apiKeyId: string): TrackedMigration[] {
  const all = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => [],
  );
  return all.filter((m) => m.apiKeyId === apiKeyId);
}
