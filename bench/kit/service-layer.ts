// The service's own HTTP layer (request ids, logger, security headers, CORS, body decoding and
// checks, error envelope, request counts) with no route: what a bench's floor route stands on
// when it is measured with everything every route of the service carries.
import { loadConfig } from '#server/config/config';
import { httpLayer } from '#server/http/http-layer';
import { countAnswers } from '#server/metrics/metrics-route';
import { RequestFigures } from '#server/metrics/request-figures';
import { SECONDS } from '#server/metrics/service-metrics';
import { Registry } from 'prom-client';

export function serviceLayer() {
  const app = httpLayer(loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }));
  const figures = new RequestFigures(new Registry(), SECONDS);
  countAnswers(app, (endpoint, code, seconds) => figures.record(endpoint, code, seconds));
  return app;
}
