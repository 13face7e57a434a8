import { isIP } from 'node:net';

/**
 * True for an address that only this machine can reach: 127.0.0.0/8, ::1, the IPv4-mapped form of
 * 127.x (how a dual-stack socket reports an IPv4 loopback peer) and the name `localhost`.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const host = address.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  const ipv4 = host.startsWith('::ffff:') ? host.slice('::ffff:'.length) : host;
  return isIP(ipv4) === 4 && ipv4.startsWith('127.');
}
