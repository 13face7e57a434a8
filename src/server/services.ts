import type { Caches, CredentialCaches } from './cache';
import type { Clock } from './clock';
import type { Config } from './config/config';
import type { Secrets } from './crypto/secrets';
import type { Db } from './db/db';
import type { EventConsumers } from './events/event-consumers';
import type { OutboxWake } from './events/outbox-wake';
import type { JobRunner } from './jobs/job-runner';
import type { Mailer } from './mail/mailer';
import type { RecipientLimit } from './mail/recipient-limit';
import type { ServiceMetrics } from './metrics/service-metrics';

/** What every module's rules may use; built once per app so that tests can swap the clock. */
export interface Services {
  db: Db;
  secrets: Secrets;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  /** Admits each e-mail with a sign-in link before it is written or sent (per recipient inbox). */
  recipients: RecipientLimit;
  /** Absent when other processes may write the same database (PostgreSQL). */
  cache: Caches | undefined;
  /**
   * The credentials presented lately: `cache` itself on the embedded database; on PostgreSQL
   * kept apart and `checked` (a read on one carries its statement, `db/read-check.ts`).
   */
  credentialCache: CredentialCaches;
  /** Tells the outboxes' background consumers that a call committed work for them. */
  wake: OutboxWake;
  /** What modules do with a write's events in its transaction, beside the webhook outbox. */
  eventConsumers: EventConsumers;
  /** The durable job runner: modules register their kinds of job on it and enqueue through it. */
  jobs: JobRunner;
  /** What /metrics counts of this process's work. */
  metrics: ServiceMetrics;
}
