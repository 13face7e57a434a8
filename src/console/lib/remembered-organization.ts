import { z } from 'zod';

// The organization last chosen for each API key, kept in the browser (not the tab), so that a
// page opened without one shows the organization the admin was working in, whatever was added
// since. Keys are public identifiers, organization IDs are the admin's own data: nothing secret.
const storageKey = 'console.organization-by-key';
/** Keys remembered at most; the one chosen longest ago goes first. */
const MAX_KEYS = 50;

/**
 * Each key's organization, the most recent choice last. Objects rather than tuples: zod's tuple
 * would join the sign-in page's first load.
 */
const storedSchema = z.array(z.object({ apiKeyId: z.string(), organizationId: z.string() }));
type Stored = z.infer<typeof storedSchema>;

function read(): Stored {
  try {
    const raw = window.localStorage.getItem(storageKey);
    const parsed = storedSchema.safeParse(raw === null ? [] : JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function write(stored: Stored): void {
  try {
    window.localStorage.setItem(storageKey, JSON.stringify(stored));
  } catch {
    // Storage blocked or full: the pages fall back to the key's first organization.
  }
}

/** The organization last chosen on the pages of this key, if any. */
export function rememberedOrganization(apiKeyId: string): string | undefined {
  return read().find((entry) => entry.apiKeyId === apiKeyId)?.organizationId;
}

/** Remembers the organization the admin chose for this key. */
export function rememberOrganization(apiKeyId: string, organizationId: string): void {
  const others = read().filter((entry) => entry.apiKeyId !== apiKeyId);
  write([...others, { apiKeyId, organizationId }].slice(-MAX_KEYS));
}

/** Forgets the key's organization if it is this one (which no longer exists). */
export function forgetOrganization(apiKeyId: string, organizationId: string): void {
  const stored = read();
  const kept = stored.filter(
    (entry) => entry.apiKeyId !== apiKeyId || entry.organizationId !== organizationId,
  );
  if (kept.length !== stored.length) write(kept);
}
