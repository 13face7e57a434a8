/**
 * The pages of one API key, `/keys/$apiKeyId/<segment>`, in navigation order (their labels are in
 * areas.ts). A segment is the area's name, which the contract file, server module and console
 * feature share, except the key's own settings: `config` and `permission-provider`. Route guards
 * and search schemas use this list before any page loads, so it stays a list of names.
 */
export const keySegments = [
  'config',
  'permission-provider',
  'webhooks',
  'organizations',
  'folders',
  'documents',
  'users',
  'user-data',
  'notifications',
  'activities',
  'agents',
  'memory',
] as const;

export type KeySegment = (typeof keySegments)[number];

export function isKeySegment(segment: string): segment is KeySegment {
  return (keySegments as readonly string[]).includes(segment);
}

/** Addresses of the first half, from before the key was part of the address, that were renamed. */
const renamed: Record<string, KeySegment> = {
  'api-keys': 'config',
  'decision-suggestions': 'memory',
};

/** The key page an old top-level address (`/webhooks`, `/api-keys`) now lives at, if any. */
export function legacySegment(segment: string): KeySegment | undefined {
  return renamed[segment] ?? (isKeySegment(segment) ? segment : undefined);
}
