import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { isLoopback } from '../config/loopback';

/** Whether the request presents `token` as a bearer token (compared in constant time). */
export function presentsToken(req: FastifyRequest, token: string | undefined): boolean {
  if (token === undefined) return false;
  const given = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A client on this machine: the socket's address is a loopback one and no proxy forwarded the
 * request. A reverse proxy on this machine connects from loopback on behalf of anyone, so a
 * request it forwarded (X-Forwarded-For) is never local, whatever TRUST_PROXY says.
 */
export function isLocalRequest(req: FastifyRequest): boolean {
  return isLoopback(req.socket.remoteAddress) && req.headers['x-forwarded-for'] === undefined;
}
