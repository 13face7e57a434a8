import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import { answerClientError } from './client-error';
import type { ServingConfig } from '../config/serving-config';

/**
 * The Fastify options that bound how long a client may hold a connection, and answer what Node
 * refuses itself with the error envelope. Fastify leaves requestTimeout and connectionTimeout at 0
 * (off), so a body sent one byte every few seconds would hold a connection for ever.
 */
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
  } satisfies FastifyHttpOptions<Server>;
}
