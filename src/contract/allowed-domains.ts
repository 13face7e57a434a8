import { z } from 'zod';
import { noFields } from './common';
import { endpoint } from './endpoint';

/** Entries an Add or Delete Domains call may carry (the hosted product's bound). */
export const MAX_DOMAINS_PER_CALL = 100;

/**
 * Domains one API key may allow. The hosted reference gives no bound; a key's list travels in every
 * auth token it issues, so it stays short enough to read at once.
 */
export const MAX_ALLOWED_DOMAINS = 1000;

/** An entry longer than this is no domain, whatever it holds (a URL with a long path at most). */
export const MAX_DOMAIN_ENTRY_LENGTH = 2000;

const MAX_HOST_LENGTH = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//;
const PORT = /:\d{1,5}$/;

/**
 * The bare domain an entry names, as the hosted product stores it, or undefined when it names
 * none: lower case; the scheme, user, port, path, query and fragment stripped; a leading `www.`
 * dropped (`www.example.com` and `example.com` are one site); a trailing dot dropped; names in
 * other scripts written in punycode. `*.example.com` allows every subdomain of example.com; a
 * wildcard must cover a name of two labels at least (`*.com` is refused), and only as the first
 * label. `localhost`, single-label hosts and IPv4 addresses are domains too.
 */
export function normaliseDomain(entry: string): string | undefined {
  const text = entry.trim().toLowerCase().replace(SCHEME, '');
  let authority = text.split(/[/?#]/, 1)[0] ?? '';
  authority = authority.slice(authority.lastIndexOf('@') + 1).replace(PORT, '');
  const wildcard = authority.startsWith('*.');
  let host = (wildcard ? authority.slice(2) : authority).replace(/\.$/, '');
  if (!wildcard && host.startsWith('www.') && host.slice(4).includes('.')) host = host.slice(4);
  const codes = Array.from({ length: host.length }, (_, i) => host.charCodeAt(i));
  // A space or control character is no part of a name (the URL parser would drop some silently).
  if (host === '' || codes.some((c) => c <= 0x20 || c === 0x7f)) return undefined;
  if (codes.some((c) => c > 0x7f)) {
    try {
      // The URL parser writes a name in another script as its punycode (IDNA).
      host = new URL(`http://${host}`).hostname;
    } catch {
      return undefined;
    }
  }
  const labels = host.split('.');
  if (host.length > MAX_HOST_LENGTH || !labels.every((l) => LABEL.test(l))) return undefined;
  if (wildcard && labels.length < 2) return undefined;
  return wildcard ? `*.${host}` : host;
}

const shown = (entry: string) => (entry.length > 100 ? `${entry.slice(0, 100)}…` : entry);

/** One entry of a request: any URL or bare domain, answered as its bare domain. */
export const domainEntrySchema = z
  .string()
  .max(MAX_DOMAIN_ENTRY_LENGTH, `must be at most ${MAX_DOMAIN_ENTRY_LENGTH} characters`)
  .transform((entry, ctx) => {
    const domain = normaliseDomain(entry);
    if (domain === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a domain such as example.com or *.example.com, not "${shown(entry)}"`,
      });
      return z.NEVER;
    }
    return domain;
  })
  .describe(
    'A domain or a URL: stored as its bare domain (lower case, without scheme, www., port or path). *.example.com allows every subdomain.',
  );

export const domainsRequest = z.object({
  domains: z
    .array(domainEntrySchema)
    .min(1, 'must not be empty')
    .max(MAX_DOMAINS_PER_CALL, `must have at most ${MAX_DOMAINS_PER_CALL} items`),
});
export type DomainsRequest = z.input<typeof domainsRequest>;

export const getDomains = endpoint({
  name: 'Get Domains',
  path: '/v2/workspace/domains/get',
  auth: 'apiKey',
  area: 'api-keys',
  envelope: 'A',
  extension: true,
  request: noFields,
  data: z.object({ allowedDomains: z.array(z.string()) }),
  errors: [],
});

export const addDomains = endpoint({
  name: 'Add Domains',
  path: '/v2/workspace/domains/add',
  write: true,
  auth: 'apiKey',
  area: 'api-keys',
  envelope: 'A',
  request: domainsRequest,
  data: z.object({
    domainsAdded: z.array(z.string()),
    /** Present when some were already allowed (the hosted product answers those as an error). */
    skippedDomains: z.array(z.string()).optional(),
  }),
  errors: ['RESOURCE_EXHAUSTED'],
});

export const deleteDomains = endpoint({
  name: 'Delete Domains',
  path: '/v2/workspace/domains/delete',
  write: true,
  auth: 'apiKey',
  area: 'api-keys',
  envelope: 'A',
  extension: true,
  request: domainsRequest,
  data: z.object({
    domainsRemoved: z.array(z.string()),
    /** Present when some were not allowed. */
    skippedDomains: z.array(z.string()).optional(),
  }),
  errors: [],
});
