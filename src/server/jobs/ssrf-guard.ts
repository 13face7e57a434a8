import { type LookupAddress, lookup as dnsLookup } from 'node:dns';
import { BlockList, type LookupFunction, isIP } from 'node:net';

/** Address ranges a webhook must not reach unless private targets are allowed, by kind. */
const ranges: [kind: string, family: 'ipv4' | 'ipv6', prefix: string, bits: number][] = [
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['carrier-grade NAT', 'ipv4', '100.64.0.0', 10],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['IETF protocol assignment', 'ipv4', '192.0.0.0', 24],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['benchmarking', 'ipv4', '198.18.0.0', 15],
  ['multicast', 'ipv4', '224.0.0.0', 4],
  ['reserved', 'ipv4', '240.0.0.0', 4],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  ['unique local', 'ipv6', 'fc00::', 7],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['site-local', 'ipv6', 'fec0::', 10],
  ['multicast', 'ipv6', 'ff00::', 8],
];

const lists = ranges.map(([kind, family, prefix, bits]) => {
  const list = new BlockList();
  list.addSubnet(prefix, bits, family);
  return { kind, family, list };
});

/** The eight 16-bit groups of an IPv6 address, with an embedded dotted quad expanded. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0] ?? '';
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16));
}

const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/** The IPv4 address an IPv6 one carries (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (g.length !== 8 || g.some((n) => Number.isNaN(n))) return undefined;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && g5 === 0xffff) return v4(g6, g7); // ::ffff:a.b.c.d
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return v4(g6, g7); // ::a.b.c.d (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return v4(g6, g7); // 64:ff9b::a.b.c.d (NAT64)
  }
  if (g0 === 0x2002 && g1 !== undefined && g2 !== undefined) return v4(g1, g2); // 6to4
  return undefined;
}

/** The kind of non-public address (e.g. "loopback"), or undefined for a public one. */
export function blockedKind(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  if (family === 6) {
    const inner = embeddedIpv4(address);
    if (inner) return blockedKind(inner);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return lists.find((l) => l.family === type && l.list.check(address, type))?.kind;
}

export class BlockedTargetError extends Error {
  readonly code = 'EBLOCKEDTARGET';
}

export function refusal(host: string, address: string, kind: string): BlockedTargetError {
  const via = host === address ? '' : ` resolves to ${address}, which`;
  return new BlockedTargetError(
    `Refused to deliver: ${host}${via} is a ${kind} address. Private targets need WEBHOOK_ALLOW_PRIVATE=true.`,
  );
}

/** Throws for a literal IP host that is not public; connecting to a literal skips any lookup. */
export function checkLiteralHost(host: string): void {
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  const kind = blockedKind(bare);
  if (kind) throw refusal(bare, bare, kind);
}

/**
 * A `lookup` for outgoing connections that refuses a name if any of its addresses is not public,
 * so the check applies to the very address connected to (no window for DNS rebinding).
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) {
      callback(err, '', 0);
      return;
    }
    for (const a of addresses) {
      const kind = blockedKind(a.address);
      if (kind) {
        callback(refusal(hostname, a.address, kind), '', 0);
        return;
      }
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
