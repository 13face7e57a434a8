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
  rfc6052: 'NAT64 (local use)',
  benchmarking: 'benchmarking',
  discard: 'discard-only',
  as112: 'AS112',
  as112v6: 'AS112',
  amt: 'AMT relay',
  deprecatedOrchid: 'ORCHID',
  orchid2: 'ORCHIDv2',
  droneRemoteIdProtocolEntityTags: 'drone remote ID',
  segmentRouting: 'segment routing',
};

const nameOf = (range: string): string => rangeNames[range] ?? range;

/** An IPv4 address that an IPv6 address carries, and the form that carries it. */
interface Carried {
  ipv4: ipaddr.IPv4;
  form: string;
}

const ipv4Of = (high = 0, low = 0) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/**
 * The IPv4 addresses an IPv6 address carries, in the forms through which a connection reaches
 * that IPv4 address: IPv4-mapped (`::ffff:a.b.c.d`, the socket connects over IPv4),
 * IPv4-compatible (`::a.b.c.d`, deprecated, tunnelled by a host that still routes it), NAT64's
 * well-known prefix (`64:ff9b::a.b.c.d`, translated by a gateway), 6to4 (`2002:aabb:ccdd::/48`,
 * relayed to the site's router) and Teredo (server and client, the client's inverted). Undefined
 * for an address that carries none.
 */
function carriedIPv4(address: ipaddr.IPv6): Carried[] | undefined {
  const p = address.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return [{ ipv4: ipv4Of(p[6], p[7]), form: 'IPv4-mapped' }];
  // `::` and `::1` are IPv6's own unspecified and loopback addresses.
  if (zeros(0, 6) && (p[6] !== 0 || (p[7] ?? 0) > 1)) {
    return [{ ipv4: ipv4Of(p[6], p[7]), form: 'IPv4-compatible' }];
  }
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) {
    return [{ ipv4: ipv4Of(p[6], p[7]), form: 'NAT64' }];
  }
  if (p[0] === 0x2002) return [{ ipv4: ipv4Of(p[1], p[2]), form: '6to4' }];
  if (p[0] === 0x2001 && p[1] === 0) {
    return [
      { ipv4: ipv4Of(p[2], p[3]), form: 'Teredo' },
      { ipv4: ipv4Of(~(p[6] ?? 0) & 0xffff, ~(p[7] ?? 0) & 0xffff), form: 'Teredo' },
    ];
  }
  return undefined;
}

/** Why an address is not a public one: its kind, and the IPv4 address judged if it carries one. */
interface Refusal {
  kind: string;
  carried?: Carried;
}

function refusalOf(address: string): Refusal | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') {
    const range = ip.range();
    return range === 'unicast' ? undefined : { kind: nameOf(range) };
  }
  const carried = carriedIPv4(ip as ipaddr.IPv6);
  if (carried) {
    // Judged by the IPv4 address it leads to: DNS64 answers `64:ff9b::…` for public IPv4 hosts.
    for (const one of carried) {
      const range = one.ipv4.range();
      if (range !== 'unicast') return { kind: nameOf(range), carried: one };
    }
    return undefined;
  }
  const range = ip.range();
  return range === 'unicast' ? undefined : { kind: nameOf(range) };
}

/** The kind of non-public address (e.g. "loopback"), or undefined for a public one. */
export function blockedKind(address: string): string | undefined {
  return refusalOf(address)?.kind;
}

/** "X is a loopback address", with the IPv4 address judged when X carries one. */
function whyNotPublic(address: string, refusal: Refusal): string {
  const article = /^[aeiou]/i.test(refusal.kind) && !refusal.kind.startsWith('uni') ? 'an' : 'a';
  const via = refusal.carried
    ? ` (${refusal.carried.ipv4.toString()} in ${refusal.carried.form} form)`
    : '';
  return `${address} is ${article} ${refusal.kind} address${via}`;
}

export class BlockedTargetError extends Error {
  readonly code = 'EBLOCKEDTARGET';
}

const hint = 'Private targets need WEBHOOK_ALLOW_PRIVATE=true.';

/** A URL's hostname without the brackets of an IPv6 literal. */
const bareHost = (host: string) => (host.startsWith('[') ? host.slice(1, -1) : host);

/** `localhost` and the names below it, which resolve to loopback (RFC 6761) without asking DNS. */
function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Why a URL's host is not a public target, from the URL alone (literal addresses and the
 * `localhost` names); undefined when only DNS can tell, which the delivery's lookup does.
 */
function nonPublicHost(host: string): string | undefined {
  const bare = bareHost(host);
  if (isLocalhostName(bare)) return `${bare} is a loopback name`;
  const refusal = refusalOf(bare);
  return refusal && whyNotPublic(bare, refusal);
}

/** Throws for a literal IP host that is not public; connecting to a literal skips any lookup. */
export function checkLiteralHost(host: string): void {
  const bare = bareHost(host);
  const refusal = refusalOf(bare);
  if (refusal) {
    throw new BlockedTargetError(`Refused to deliver: ${whyNotPublic(bare, refusal)}. ${hint}`);
  }
}

/** The refusal of a webhook URL at create or update, in the contract's words for `url`. */
export function publicTargetRule(url: string): string | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined; // The contract has already refused it.
  }
  const why = nonPublicHost(host);
  return why && `url must be a public address: ${why}. ${hint}`;
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
