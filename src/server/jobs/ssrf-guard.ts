import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Readable names of ipaddr.js's special-purpose ranges (its `range()` answers, kept up to date
 * with the IANA registries by that library rather than by a hand list here). Every range other
 * than `unicast` is refused; a name missing below is shown as ipaddr.js spells it.
 */
const rangeNames: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
  reserved: 'reserved (documentation, benchmarking or future use)',
  uniqueLocal: 'unique local',
  deprecatedSiteLocal: 'site-local',
  rfc6145: 'IPv4-translated',
  rfc6052: 'NAT64',
  '6to4': '6to4',
  teredo: 'Teredo',
  benchmarking: 'benchmarking',
  discard: 'discard-only',
};

/** The kind of non-public address (e.g. "loopback"), or undefined for a public one. */
export function blockedKind(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is the IPv4 address it carries.
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? undefined : (rangeNames[range] ?? range);
}

export class BlockedTargetError extends Error {
  readonly code = 'EBLOCKEDTARGET';
}

const hint = 'Private targets need WEBHOOK_ALLOW_PRIVATE=true.';

/** Throws for a literal IP host that is not public; connecting to a literal skips any lookup. */
export function checkLiteralHost(host: string): void {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  const kind = blockedKind(bare);
  if (kind) {
    throw new BlockedTargetError(`Refused to deliver: ${bare} is a ${kind} address. ${hint}`);
  }
}

/**
 * A `lookup` for outgoing connections that refuses a name if any of its addresses is not public,
 * so the check applies to the very address connected to (no window for DNS rebinding). The
 * refusal does not say which address the name resolved to: the message is shown to the tenant in
 * the delivery log, and the addresses of internal names are not theirs to learn.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) {
      callback(err, '', 0);
      return;
    }
    if (addresses.some((a) => blockedKind(a.address) !== undefined)) {
      const refused = `Refused to deliver: ${hostname} does not resolve to public addresses only. ${hint}`;
      callback(new BlockedTargetError(refused), '', 0);
      return;
    }
    const first = addresses[0];
    if (!first) {
      callback(
        Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }),
        '',
        0,
      );
    } else if (options.all) {
      (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    } else {
      callback(null, first.address, first.family);
    }
  });
};
