import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import { answerClientError } from './client-error';
import type { ServingConfig } from '../config/serving-config';
import type { TrustProxy } from '../config/trust-proxy';

/**
 * The Fastify options that bound how long a client may hold a connection, and answer what Node
 * refuses itself with the error envelope. Fastify leaves requestTimeout and connectionTimeout at 0
 * (off), so a body sent one byte every few seconds would hold a connection for ever.
 */
/**
 * Fastify's form of TRUST_PROXY. A hop count becomes "the nearest n hops": Fastify itself treats a
 * bare number as trusting nobody, since a client that reaches the service directly can then write
 * the chain; docs/configuration.md says to bind such a service where only the proxies reach it.
 */
function trustProxyOption(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export function serverOptions(serving: ServingConfig) {
  const { headersMs, requestMs, keepAliveMs, connectionMs } = serving.timeouts;
  return {
    connectionTimeout: connectionMs,
    keepAliveTimeout: keepAliveMs,
    requestTimeout: requestMs,
    // Node checks the headers and request timeouts on this period (30 s by default), so a stalled
    // request would otherwise outlive its limit by up to that much.
    http: { headersTimeout: headersMs, connectionsCheckingInterval: 1_000 },
    clientErrorHandler: answerClientError,
    // req.ip, req.protocol and req.host follow X-Forwarded-* only from the proxies named here.
    trustProxy: trustProxyOption(serving.trustProxy),
  } satisfies FastifyHttpOptions<Server>;
}
