import { normaliseDomain } from '#contract/allowed-domains';

/** One entry typed in the add field, and what the service would store it as. */
export interface DomainEntry {
  entry: string;
  /** The bare domain, or undefined when the entry names none. */
  domain: string | undefined;
  /** Already allowed, or named by an earlier entry: the service skips it. */
  repeated: 'allowed' | 'given' | undefined;
}

/** The entries of the add field: one per line or comma, blanks left out. */
export function splitEntries(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/** The preview of what adding the typed entries would store, as `normaliseDomain` reads them. */
export function domainEntries(text: string, allowed: readonly string[]): DomainEntry[] {
  const have = new Set(allowed);
  const seen = new Set<string>();
  return splitEntries(text).map((entry) => {
    const domain = normaliseDomain(entry);
    let repeated: DomainEntry['repeated'];
    if (domain !== undefined) {
      if (have.has(domain)) repeated = 'allowed';
      else if (seen.has(domain)) repeated = 'given';
      seen.add(domain);
    }
    return { entry, domain, repeated };
  });
}
