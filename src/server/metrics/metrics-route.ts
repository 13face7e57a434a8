import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopback } from '../config/loopback';
import type { ServiceMetrics } from './service-metrics';

const refusal =
  'Metrics are answered to this machine, or to a client presenting METRICS_TOKEN as a bearer token.';

function presents(req: FastifyRequest, token: string | undefined): boolean {
  if (token === undefined) return false;
  const given = Buffer.from(req.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The endpoint's name for a contract route, else the route's path (`unmatched` for none). */
export function endpointLabel(req: FastifyRequest): string {
  const config = req.routeOptions.config as { endpoint?: string } | undefined;
  return config?.endpoint ?? req.routeOptions.url ?? 'unmatched';
}

/**
 * A client on this machine: the socket's address is a loopback one and no proxy forwarded the
 * request. A reverse proxy on this machine connects from loopback on behalf of anyone, so a
 * request it forwarded (X-Forwarded-For) is never local, whatever TRUST_PROXY says.
 */
function isLocal(req: FastifyRequest): boolean {
  return isLoopback(req.socket.remoteAddress) && req.headers['x-forwarded-for'] === undefined;
}

/**
 * `GET /metrics` in the Prometheus text format, to clients on this machine or with METRICS_TOKEN;
 * every request's endpoint, status and time are counted as it is answered.
 */
export function installMetrics(
  app: FastifyInstance,
  metrics: ServiceMetrics,
  token: string | undefined,
): void {
  app.addHook('onResponse', (req, reply, done) => {
    metrics.request(endpointLabel(req), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (req, reply) => {
    if (!isLocal(req) && !presents(req, token)) {
      return reply.code(403).send({ error: { status: 'PERMISSION_DENIED', message: refusal } });
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
