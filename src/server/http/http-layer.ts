import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { secretCredentialHeaders } from '#contract/credentials';
import type { Config } from '../config/config';
import { installCors } from '../serving/cors';
import { installSecurityHeaders } from '../serving/security-headers';
import { serverOptions } from '../serving/server-options';
import { requestLogFields } from './access-log';
import { installErrorHandler } from './errors';
import { installJsonBody } from './json-body';
import { requestLoggerFactory } from './request-logger';

/** Header values that must never reach a log line: tokens, and the session cookie both ways. */
const redactedPaths = [
  ...secretCredentialHeaders.map((name) => `req.headers["${name}"]`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

export interface HttpLayerOptions {
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back to check that no secret leaks). */
  logStream?: NodeJS.WritableStream;
}

/**
 * Fastify with what the service does around every route: the access log and request ids, the
 * connection timeouts, security headers, CORS, request bodies (decoding, JSON, the body guard)
 * and the error envelope. `bench/empty-route.ts` answers a constant through it too, the floor of
 * any route of the service.
 */
export function httpLayer(config: Config, options: HttpLayerOptions = {}): FastifyInstance {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: redactedPaths,
            serializers: { req: requestLogFields },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // The request id's child logger is made only when the request writes a line.
    childLoggerFactory: requestLoggerFactory,
    ...serverOptions(config.serving),
  });
  installSecurityHeaders(app, config.serving.consoleServers);
  installCors(app, config.serving.corsOrigins);
  installJsonBody(app);
  installErrorHandler(app);
  return app;
}
