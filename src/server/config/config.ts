import { resolve } from 'node:path';
import { loadConsoleUrl } from './console-url';
import { type Env, wholeNumber } from './env-values';
import { type ServingConfig, loadServingConfig } from './serving-config';

export interface RateLimitRule {
  /** Requests allowed in one window. */
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL server; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  /**
   * Where the embedded database runs: `worker`, a thread of its own (so that its statements never
   * hold up HTTP), or `main`, the service's thread (to profile it beside the service, and to
   * measure the difference).
   */
  embeddedThread: 'worker' | 'main';
  /** Base64 or hex 32-byte key; when absent one is generated once into `dataDir`. */
  masterKey: string | undefined;
  /**
   * Master keys being rotated away from (`SVC_PREVIOUS_MASTER_KEYS`, comma-separated): they open
   * what they sealed until the rotation job has sealed everything again under `masterKey`.
   */
  previousMasterKeys: string[];
  keyRotation: KeyRotationConfig;
  /** Bearer token of `POST /backup` (`BACKUP_TOKEN`); else one generated into `dataDir`. */
  backupToken: string | undefined;
  consoleDomain: string;
  /** The console's origin, for the links of e-mails the service sends on its own (invitations). */
  consoleUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SendGrid's SMTP relay, which the e-mail service's `sendgrid` provider sends through. */
  sendgridSmtpUrl: string;
  unverifiedKeyGraceDays: number;
  /** Days an audit entry is kept; the retention job deletes older ones (`audit/audit-store.ts`). */
  auditRetentionDays: number;
  webhookAllowPrivate: boolean;
  webhookHealth: WebhookHealthConfig;
  rateLimits: {
    enabled: boolean;
    createWorkspace: RateLimitRule;
    sendLoginLink: RateLimitRule;
    emailStatus: RateLimitRule;
    getWorkspace: RateLimitRule;
    /** E-mails with a login link (Send Login Link, invitations) per recipient inbox, whoever asks. */
    emailRecipient: RateLimitRule;
    /** Invite Member calls (invitations and re-sends) per workspace. */
    inviteMember: RateLimitRule;
    /** Refused credentials (token, API key, login code) per client address, on every endpoint. */
    authFailuresAddress: RateLimitRule;
    /** Refused credentials per workspace id or API key id, from any address. */
    authFailuresCredential: RateLimitRule;
  };
  retention: RetentionConfig;
  sessions: SessionConfig;
  /** Built console to serve at `/`; absent or missing on disk means API only. */
  consoleDir: string | undefined;
  bodyLimitBytes: number;
  /**
   * After SIGTERM, how long requests and job tasks under way may take to finish before the
   * tasks give up and hand their work back.
   */
  shutdownGraceMs: number;
  logLevel: string;
  /** Lets clients other than this machine's read /metrics, as a bearer token. */
  metricsToken: string | undefined;
  serving: ServingConfig;
}

/** When a failing webhook endpoint's circuit opens and when it is disabled (docs/service.md). */
export interface WebhookHealthConfig {
  /** Consecutive failed attempts that open an endpoint's circuit; 0 switches the breaker off. */
  breakerFailures: number;
  /** Hours of continuous failure after which an endpoint is disabled; 0: never. */
  disableAfterHours: number;
}

/** What the retention job removes, and when (docs/service.md, "Retention"). */
export interface RetentionConfig {
  /** Minutes from the end of one retention run to the start of the next; 0: never run. */
  everyMinutes: number;
  /** Rows one statement removes: small, so no run holds locks or the embedded database long. */
  batchSize: number;
  /** Webhook messages no longer pending delivery, with their attempts; 0 keeps them. */
  webhookDays: number;
  /** Finished durable jobs (document migrations, erasures), with their tasks; 0 keeps them. */
  jobDays: number;
  /** Days an expired invitation stays listed (to re-send or cancel) past its expiry; 0 keeps it. */
  invitationDays: number;
  /** E-mails of the e-mail service that are sent or failed; 0 keeps them. */
  emailDays: number;
}

/** How the master-key rotation job goes through the sealed columns (`keys/rotation-job.ts`). */
export interface KeyRotationConfig {
  /** Rows one statement seals again. */
  batchSize: number;
  /** A pause between batches, to leave the database to the traffic during a long rotation. */
  pauseMs: number;
}

/** How long a person's session lasts (DESIGN.md § Team access). */
export interface SessionConfig {
  /** Hours without a request after which a session ends; each request moves it on (sliding). */
  idleHours: number;
  /** Days from sign-in after which a session ends, however much it is used. */
  lifetimeDays: number;
  /** Sessions a person keeps at once; signing in past it ends their least recently seen. */
  maxPerPerson: number;
}

function rule(env: Env, name: string, max: number, windowMs: number): RateLimitRule {
  return {
    max: wholeNumber(env, `${name}_MAX`, max),
    windowMs: wholeNumber(env, `${name}_WINDOW_MS`, windowMs),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = wholeNumber(env, 'PORT', 8787);
  const consoleDomain = env.CONSOLE_DOMAIN || 'localhost';
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedThread: env.EMBEDDED_DATABASE_THREAD === 'main' ? 'main' : 'worker',
    masterKey: env.SVC_MASTER_KEY || undefined,
    previousMasterKeys: (env.SVC_PREVIOUS_MASTER_KEYS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key !== ''),
    keyRotation: {
      batchSize: wholeNumber(env, 'KEY_ROTATION_BATCH_SIZE', 200, { positive: true }),
      pauseMs: wholeNumber(env, 'KEY_ROTATION_PAUSE_MS', 0),
    },
    backupToken: env.BACKUP_TOKEN || undefined,
    consoleDomain,
    consoleUrl: loadConsoleUrl(env, consoleDomain, port),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Workspace Console <no-reply@localhost>',
    sendgridSmtpUrl: env.SENDGRID_SMTP_URL || 'smtp://smtp.sendgrid.net:587?requireTLS=true',
    unverifiedKeyGraceDays: wholeNumber(env, 'UNVERIFIED_KEY_GRACE_DAYS', 7),
    auditRetentionDays: wholeNumber(env, 'AUDIT_RETENTION_DAYS', 365),
    // The embedded default serves local development, where receivers run on loopback.
    webhookAllowPrivate:
      (env.WEBHOOK_ALLOW_PRIVATE ?? (env.DATABASE_URL ? 'false' : 'true')) === 'true',
    webhookHealth: {
      breakerFailures: wholeNumber(env, 'WEBHOOK_BREAKER_FAILURES', 10),
      // Svix disables an endpoint after 5 days of failure.
      disableAfterHours: wholeNumber(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 120),
    },
    rateLimits: {
      enabled: env.RATE_LIMITS !== 'off',
      createWorkspace: rule(env, 'RATE_LIMIT_CREATE_WORKSPACE', 10, 60_000),
      sendLoginLink: rule(env, 'RATE_LIMIT_SEND_LOGIN_LINK', 5, 60_000),
      emailStatus: rule(env, 'RATE_LIMIT_EMAIL_STATUS', 30, 60_000),
      getWorkspace: rule(env, 'RATE_LIMIT_GET_WORKSPACE', 120, 60_000),
      emailRecipient: rule(env, 'RATE_LIMIT_EMAIL_RECIPIENT', 5, 60 * 60_000),
      // A team of dozens invited in one sitting, but not an inbox-flooding script.
      inviteMember: rule(env, 'RATE_LIMIT_INVITE_MEMBER', 50, 60 * 60_000),
      authFailuresAddress: rule(env, 'RATE_LIMIT_AUTH_FAILURES_ADDRESS', 30, 10 * 60_000),
      authFailuresCredential: rule(env, 'RATE_LIMIT_AUTH_FAILURES_CREDENTIAL', 100, 10 * 60_000),
    },
    retention: {
      everyMinutes: wholeNumber(env, 'RETENTION_EVERY_MINUTES', 60),
      batchSize: Math.max(1, wholeNumber(env, 'RETENTION_BATCH_SIZE', 500)),
      // As Svix keeps a message's payload and attempts.
      webhookDays: wholeNumber(env, 'WEBHOOK_RETENTION_DAYS', 90),
      jobDays: wholeNumber(env, 'JOB_RETENTION_DAYS', 90),
      invitationDays: wholeNumber(env, 'INVITATION_RETENTION_DAYS', 30),
      emailDays: wholeNumber(env, 'EMAIL_RETENTION_DAYS', 90),
    },
    sessions: {
      idleHours: wholeNumber(env, 'SESSION_IDLE_HOURS', 12, { positive: true }),
      lifetimeDays: wholeNumber(env, 'SESSION_LIFETIME_DAYS', 7, { positive: true }),
      // The contract's MAX_SESSIONS_PER_PERSON (configuration imports nothing; a test compares).
      maxPerPerson: wholeNumber(env, 'MAX_SESSIONS_PER_PERSON', 50, { positive: true }),
    },
    consoleDir: env.CONSOLE_DIR === '' ? undefined : resolve(env.CONSOLE_DIR || 'dist'),
    bodyLimitBytes: wholeNumber(env, 'BODY_LIMIT_BYTES', 1_048_576),
    shutdownGraceMs: wholeNumber(env, 'SHUTDOWN_GRACE_MS', 10_000),
    logLevel: env.LOG_LEVEL || 'info',
    metricsToken: env.METRICS_TOKEN || undefined,
    serving: loadServingConfig(env),
  };
}
