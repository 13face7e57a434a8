import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument } from '#contract/openapi';
import { createCaches, createCredentialCaches } from './cache';
import type { Config } from './config/config';
import { loadMasterKeys } from './crypto/master-key';
import { openSecrets } from './keys/open-secrets';
import { registerKeyRotation } from './keys/rotation-job';
import { type Database, openDatabase } from './db/connection';
import type { Db } from './db/db';
import { ambientDb } from './db/ambient-transaction';
import { refreshStatistics } from './db/statistics';
import type { BindOptions } from './http/bind';
import { installDevOutbox } from './serving/dev-outbox';
import { installFallbacks } from './serving/fallbacks';
import { bindUnimplemented } from './http/not-implemented';
import { DatabaseRateLimiter } from './rate-limits/db-rate-limit';
import { FailureLimiter } from './rate-limits/failure-limit';
import { MemoryRateLimiter, type RateLimiter } from './rate-limits/rate-limit';
import { EventConsumers } from './events/event-consumers';
import { OutboxWake } from './events/outbox-wake';
import { JobRunner, type RunnerOptions } from './jobs/job-runner';
import { installTestJobs, testJobsFromEnv } from './jobs/job-test-routes';
import { registerRetention } from './jobs/retention-job';
import { retentionRules } from './jobs/retention-rules';
import { installReadiness } from './serving/readiness';
import { countAnswers, installMetrics } from './metrics/metrics-route';
import { type HttpLayerOptions, httpLayer } from './http/http-layer';
import { installBackup } from './backup/backup-route';
import { loadBackupToken } from './backup/backup-token';
import { ServiceMetrics } from './metrics/service-metrics';
import { type WorkerOptions, WebhookWorker } from './jobs/webhook-worker';
import { localOutbox, smtpMailer } from './mail/mailer';
import { RecipientLimit } from './mail/recipient-limit';
import { credentialChecks } from './modules/workspace/credentials';
import { sessionChecks } from './modules/workspace/session-credentials';
import type { Clock } from './clock';
import { bindModules } from './service-modules';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** Contract endpoints that answer FAILED_PRECONDITION `Not implemented yet.` for now. */
    unimplementedPaths: readonly string[];
    /** The webhook delivery worker; tests call its runOnce() when its loop is off. */
    webhookWorker: WebhookWorker;
    /** The durable job runner; modules register their kinds on it, tests drive its runOnce(). */
    jobRunner: JobRunner;
  }
}

export interface AppOptions extends HttpLayerOptions {
  /** An already open database (tests share one); otherwise the configured one is opened. */
  database?: Database;
  clock?: Clock;
  /** Check every answer against the contract's response schema. */
  checkResponses?: boolean;
  /** Webhook delivery: `background: false` leaves passes to `app.webhookWorker.runOnce()`. */
  webhookWorker?: Partial<
    Pick<WorkerOptions, 'background' | 'timeoutMs' | 'perEndpoint' | 'idleMaxMs'>
  >;
  /** Durable jobs: `background: false` leaves passes to `app.jobRunner.runOnce()`. */
  jobRunner?: Partial<Omit<RunnerOptions, 'exclusiveDatabase'>>;
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = httpLayer(config, options);

  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? {
            kind: 'postgres',
            url: config.databaseUrl,
            onIdleError: (lost) =>
              app.log.warn(
                { lost },
                'the database ended an idle connection; the pool opens another',
              ),
          }
        : { kind: 'pglite', dataDir: `${config.dataDir}/pgdata`, thread: config.embeddedThread },
    ));
  if (!options.database) app.addHook('onClose', () => database.close());
  if (database.kind === 'pglite') keepStatisticsFresh(app, database.db);

  const clock = options.clock ?? (() => new Date());
  const limits = config.rateLimits.enabled ? rateLimiters(database, clock) : undefined;
  const keys = loadMasterKeys(config.masterKey, config.previousMasterKeys, config.dataDir);
  // Fails here, naming the key, when a secret is sealed under a master key not configured.
  const { secrets, legacy } = await openSecrets(database.db, keys);
  const testJobs = testJobsFromEnv(process.env);
  const metrics = new ServiceMetrics(database.db, clock);
  const unobserve = database.observeStatements((seconds) => metrics.statement(seconds));
  app.addHook('onClose', (_app, done) => {
    unobserve();
    done();
  });
  // Before the modules: they register their kinds of job on it and enqueue jobs through it.
  const jobRunner = new JobRunner({ db: database.db, clock }, app.log, {
    ...testJobs,
    ...options.jobRunner,
    exclusiveDatabase: database.kind === 'pglite',
  });
  const cache = database.kind === 'pglite' ? createCaches() : undefined;
  const services: Services = {
    // Write calls run in one transaction with their audit entry; the modules' queries join it.
    db: ambientDb(database.db),
    secrets,
    config,
    clock,
    mailer: config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : localOutbox(app.log, clock),
    recipients: new RecipientLimit(limits?.recipients, config.rateLimits.emailRecipient, (v) =>
      secrets.lookupHash(v),
    ),
    cache,
    credentialCache: cache ?? createCredentialCaches(true),
    wake: new OutboxWake(),
    eventConsumers: new EventConsumers(),
    jobs: jobRunner,
    metrics,
  };
  const bind: BindOptions = {
    gate: {
      checks: { ...credentialChecks(services), session: sessionChecks(services) },
      sessionOrigins: new Set(config.serving.corsOrigins),
    },
    checkResponses: options.checkResponses ?? false,
    checkedReads: database.checkedRead,
    limiter: limits?.requests,
    failures: limits?.failures,
    rateLimits: config.rateLimits,
    audit: {
      transactions: database.transactions,
      clock,
      forgetCaches: () => {
        services.credentialCache.workspaceToken.clear();
        services.credentialCache.apiKeyCredential.clear();
        services.credentialCache.sessions.clear();
        services.cache?.workspaceView.clear();
      },
      committed: () => services.cache?.sessions.clear(),
    },
  };

  const bound = bindModules(app, services, bind);
  const webhookWorker = new WebhookWorker(services, app.log, {
    ...options.webhookWorker,
    exclusiveDatabase: database.kind === 'pglite',
  });
  app.decorate('webhookWorker', webhookWorker);
  app.addHook('onReady', () => webhookWorker.start());
  app.addHook('onClose', () => webhookWorker.stop());
  if (testJobs) installTestJobs(app, jobRunner, services.db);
  registerRetention(jobRunner, config, retentionRules, app.log);
  const startRotation = registerKeyRotation(jobRunner, secrets.ring, config.keyRotation, app.log);
  app.decorate('jobRunner', jobRunner);
  app.addHook('onReady', () => jobRunner.start());
  app.addHook('onReady', () => startRotation(legacy));
  app.addHook('onClose', () => jobRunner.stop());
  // Closing begins (Fastify now answers 503): the workers stop taking work while HTTP drains,
  // each giving what it started the grace to finish (the onClose hooks above wait for them).
  app.addHook('preClose', (done) => {
    void webhookWorker.stop(config.shutdownGraceMs);
    void jobRunner.stop(config.shutdownGraceMs);
    done();
  });
  app.decorate('unimplementedPaths', bindUnimplemented(app, bound, bind.gate));

  const openapi = buildOpenApiDocument();
  app.get('/openapi.json', (_req, reply) => reply.send(openapi));
  installDevOutbox(app, services.mailer, config.serving.allowRemoteOutbox);
  app.get('/healthz', (_req, reply) => reply.send({ status: 'ok', database: database.kind }));
  installReadiness(app, database);
  countAnswers(app, (endpoint, code, seconds) => metrics.request(endpoint, code, seconds));
  installMetrics(app, metrics, config.metricsToken);
  installBackup(
    app,
    database,
    database.kind === 'pglite'
      ? loadBackupToken(config.backupToken, config.dataDir)
      : config.backupToken,
  );

  await installFallbacks(app, config.consoleDir, config.serving.consoleServers);
  return app;
}

/**
 * Windows in the database where other processes count too (PostgreSQL), else in memory; failed
 * requests are counted in memory first and in the database only when one fails.
 */
function rateLimiters(database: Database, clock: Clock) {
  const now = () => clock().getTime();
  const shared =
    database.kind === 'postgres' ? new DatabaseRateLimiter(database.db, now) : undefined;
  const requests: RateLimiter = shared ?? new MemoryRateLimiter(now);
  // E-mails per inbox are also counted inside a write call that sends one (Invite Member): through
  // the modules' view of the database, the count joins that call's transaction instead of taking
  // a second pooled connection while the call holds one, and an invitation refused later in its
  // call counts nothing.
  const recipients: RateLimiter =
    database.kind === 'postgres' ? new DatabaseRateLimiter(ambientDb(database.db), now) : requests;
  return { requests, recipients, failures: new FailureLimiter(now, shared) };
}

/** How often the embedded database's tables are checked for grown statistics. */
const STATISTICS_CHECK_MS = 5000;

/**
 * The embedded database runs no autovacuum: a background check ANALYZEs the tables that have
 * grown well past their planner statistics, as autovacuum does on PostgreSQL.
 */
function keepStatisticsFresh(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    timer = setInterval(() => {
      refreshStatistics(db).catch((err: unknown) => {
        app.log.warn({ err }, 'table statistics not refreshed');
      });
    }, STATISTICS_CHECK_MS);
    timer.unref();
  });
  app.addHook('onClose', () => clearInterval(timer));
}
