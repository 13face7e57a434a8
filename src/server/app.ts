import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '../contract/openapi';
import type { Config } from './config';
import { Secrets } from './crypto/secrets';
import { loadMasterKey } from './crypto/master-key';
import { type Database, openDatabase } from './db/connection';
import type { BindOptions } from './http/bind';
import { installErrorHandler } from './http/errors';
import { installFallbacks } from './http/fallbacks';
import { installJsonBody } from './http/json-body';
import { bindUnimplemented } from './http/not-implemented';
import { apiKeysRoutes } from './modules/api-keys/routes';
import { credentialChecks } from './modules/workspace/credentials';
import { workspaceRoutes } from './modules/workspace/routes';
import type { Clock, Services } from './services';

export interface AppOptions {
  /** An already open database (tests share one); otherwise the configured one is opened. */
  database?: Database;
  clock?: Clock;
  /** Check every answer against the contract's response schema. */
  checkResponses?: boolean;
  logger?: boolean;
}

/** Header values that must never reach a log line. */
const redactedPaths = [
  'req.headers["x-svc-workspace-auth-token"]',
  'req.headers["x-svc-auth-token"]',
  'req.headers.authorization',
];

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: redactedPaths },
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: false,
  });

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: `${config.dataDir}/pgdata` },
    ));
  if (!options.database) app.addHook('onClose', () => database.close());

  const services: Services = {
    db: database.db,
    secrets: new Secrets(loadMasterKey(config.masterKey, config.dataDir)),
    config,
    clock: options.clock ?? (() => new Date()),
  };
  const bind: BindOptions = {
    checks: credentialChecks(services),
    checkResponses: options.checkResponses ?? false,
  };

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  installJsonBody(app);
  installErrorHandler(app);

  const bound = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.method === 'POST') bound.add(route.url);
  });
  workspaceRoutes(app, services, bind);
  apiKeysRoutes(app, services, bind);
  const unimplemented = bindUnimplemented(app, bound, bind.checks);
  app.log.debug({ unimplemented }, 'endpoints not implemented yet');

  const openapi = buildOpenApiDocument();
  app.get('/openapi.json', (_req, reply) => reply.send(openapi));
  app.get('/healthz', (_req, reply) => reply.send({ status: 'ok', database: database.kind }));

  await installFallbacks(app, config.consoleDir);
  return app;
}
