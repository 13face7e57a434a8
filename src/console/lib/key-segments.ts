import { type KeySegment, keyPages } from '#contract/areas';

/**
 * The pages of one API key, `/keys/$apiKeyId/<segment>`, in navigation order, as the contract's
 * area registry names them. A segment is mostly its area's name, except the key's own settings
 * (`config`, `permission-provider`, of the `api-keys` area). Route guards and search schemas use
 * these names before any page loads.
 */
export const keySegments: readonly KeySegment[] = keyPages.map((page) => page.segment);

export function isKeySegment(segment: string): segment is KeySegment {
  return keySegments.some((known) => known === segment);
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
