import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLocalRequest, presentsToken } from '../serving/operator-request';
import type { ServiceMetrics } from './service-metrics';

const refusal =
  'Metrics are answered to this machine, or to a client presenting METRICS_TOKEN as a bearer token.';

/** The endpoint's name for a contract route, else the route's path (`unmatched` for none). */
export function endpointLabel(req: FastifyRequest): string {
  // routeOptions is a getter that builds a new object on each read: read once.
  const { config, url } = req.routeOptions;
  return (config as { endpoint?: string } | undefined)?.endpoint ?? url ?? 'unmatched';
}

/** Every request's endpoint, status and time, handed to `count` as it is answered. */
export function countAnswers(
  app: FastifyInstance,
  count: (endpoint: string, code: number, seconds: number) => void,
): void {
  app.addHook('onResponse', (req, reply, done) => {
    count(endpointLabel(req), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** `GET /metrics` in the Prometheus text format, to clients on this machine or with METRICS_TOKEN. */
export function installMetrics(
  app: FastifyInstance,
  metrics: ServiceMetrics,
  token: string | undefined,
): void {
  app.get('/metrics', async (req, reply) => {
    if (!isLocalRequest(req) && !presentsToken(req, token)) {
      return reply.code(403).send({ error: { status: 'PERMISSION_DENIED', message: refusal } });
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
