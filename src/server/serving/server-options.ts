import type { Server } from 'node:http';
import type { Http2SecureServer } from 'node:http2';
import type { FastifyHttp2SecureOptions, FastifyHttpOptions } from 'fastify';
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

export function serverOptions(serving: ServingConfig): FastifyHttpOptions<Server> {
  const { headersMs, requestMs, keepAliveMs, connectionMs } = serving.timeouts;
  const common = {
    connectionTimeout: connectionMs,
    keepAliveTimeout: keepAliveMs,
    requestTimeout: requestMs,
    clientErrorHandler: answerClientError,
    // req.ip, req.protocol and req.host follow X-Forwarded-* only from the proxies named here.
    trustProxy: trustProxyOption(serving.trustProxy),
  };
  if (!serving.tls) {
    return {
      ...common,
      // Node checks the headers and request timeouts on this period (30 s by default), so a
      // stalled request would otherwise outlive its limit by up to that much.
      http: { headersTimeout: headersMs, connectionsCheckingInterval: 1_000 },
    } satisfies FastifyHttpOptions<Server>;
  }
  // TLS_CERT_FILE/TLS_KEY_FILE: HTTP/2, where a browser loads every file of a page on one
  // connection, and HTTP/1.1 on the same port for clients without it. `installHttpsLimits` sets the
  // limits Fastify applies to plain HTTP only.
  const secure = {
    ...common,
    http2: true,
    https: { allowHTTP1: true, cert: serving.tls.cert, key: serving.tls.key },
    http2SessionTimeout: keepAliveMs,
  } satisfies FastifyHttp2SecureOptions<Http2SecureServer>;
  // The routes use only what Node's HTTP/2 compatibility request and response share with
  // HTTP/1.1's, so the app keeps its HTTP/1.1 types.
  return secure as unknown as FastifyHttpOptions<Server>;
}
