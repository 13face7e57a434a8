import { isIP } from 'node:net';
import type { Env } from './env-values';

/**
 * Which proxies' `X-Forwarded-For`, `-Proto` and `-Host` the service believes (Fastify's
 * `trustProxy`): none, the nearest `hops` of the chain, or those whose address is listed.
 */
export type TrustProxy = false | number | string[];

/** The names proxy-addr gives to address ranges, accepted beside addresses and CIDR ranges. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

const MAX_HOPS = 10;

const explain =
  'give the number of proxies in front of the service (1 for one reverse proxy) or their ' +
  'addresses (10.0.0.5, 10.0.0.0/8, loopback), comma-separated';

function isAddressOrRange(item: string): boolean {
  if (rangeNames.has(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset, empty or `false` believes no forwarded header (the client's address is
 * the socket's); a whole number trusts that many proxies; otherwise a list of the proxies'
 * addresses. `true` is refused: it would take any client's word for its own address, and with it
 * the per-address limits, the audit's addresses and the `Secure` cookie.
 */
export function loadTrustProxy(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true') {
    throw new Error(`TRUST_PROXY=true would believe any client's forwarded address: ${explain}`);
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > MAX_HOPS) throw new Error(`TRUST_PROXY: at most ${MAX_HOPS} proxies; ${explain}`);
    return hops;
  }
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const wrong = items.find((item) => !isAddressOrRange(item));
  if (wrong !== undefined) {
    throw new Error(`TRUST_PROXY: "${wrong}" is neither an address nor a range; ${explain}`);
  }
  return items;
}
