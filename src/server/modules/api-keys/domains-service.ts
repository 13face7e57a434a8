import type { z } from 'zod';
import { MAX_ALLOWED_DOMAINS, type domainsRequest } from '#contract/allowed-domains';
import type { AuditNote } from '../../audit/audit-note';
import { ServiceError } from '../../http/service-error';
import type { Services } from '../../services';
import { countDomains, deleteDomains, insertDomains, lockKeyDomains } from './domains-store';

type DomainsInput = z.output<typeof domainsRequest>;

/** Each domain once, in the order first given (two URLs of one site are one domain). */
const distinct = (domains: readonly string[]) => [...new Set(domains)];

/**
 * Add Domains: the new ones are added and answered in `domainsAdded`; those already allowed in
 * `skippedDomains`, in a success: the call did what it was asked (DESIGN.md). Entries that name
 * one domain (`https://www.a.com`, `a.com`) count once.
 */
export async function addDomains(
  s: Services,
  apiKeyId: string,
  input: DomainsInput,
  note: AuditNote,
) {
  const asked = distinct(input.domains);
  await lockKeyDomains(s.db, apiKeyId);
  const added = await insertDomains(s.db, apiKeyId, asked, s.clock());
  if (added.size > 0 && (await countDomains(s.db, apiKeyId)) > MAX_ALLOWED_DOMAINS) {
    // The audited call's transaction rolls the insert back.
    throw new ServiceError(
      'RESOURCE_EXHAUSTED',
      `An API key may allow at most ${MAX_ALLOWED_DOMAINS} domains.`,
    );
  }
  const domainsAdded = asked.filter((d) => added.has(d));
  const skipped = asked.filter((d) => !added.has(d));
  if (domainsAdded.length > 0) note.changes({ allowedDomains: { from: null, to: domainsAdded } });
  return {
    data: { domainsAdded, ...(skipped.length > 0 ? { skippedDomains: skipped } : {}) },
    message:
      domainsAdded.length === 0
        ? 'No domain added: every domain given is already allowed.'
        : skipped.length > 0
          ? 'Domain(s) added successfully to allowed domains. Skipped existing domains.'
          : 'Domain(s) added successfully to allowed domains.',
  };
}

/** Delete Domains: those allowed are removed; the others are answered in `skippedDomains`. */
export async function removeDomains(
  s: Services,
  apiKeyId: string,
  input: DomainsInput,
  note: AuditNote,
) {
  const asked = distinct(input.domains);
  const removed = await deleteDomains(s.db, apiKeyId, asked);
  const domainsRemoved = asked.filter((d) => removed.has(d));
  const skipped = asked.filter((d) => !removed.has(d));
  if (domainsRemoved.length > 0) {
    note.changes({ allowedDomains: { from: domainsRemoved, to: null } });
  }
  return {
    data: { domainsRemoved, ...(skipped.length > 0 ? { skippedDomains: skipped } : {}) },
    message:
      domainsRemoved.length === 0
        ? 'No domain removed: none of the domains given is allowed.'
        : skipped.length > 0
          ? 'Domain(s) removed successfully from allowed domains. Skipped non-existing domains.'
          : 'Domain(s) removed successfully from allowed domains.',
  };
}
