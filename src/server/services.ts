import type { Caches } from './cache';
import type { Config } from './config';
import type { Secrets } from './crypto/secrets';
import type { Db } from './db/connection';
import type { OutboxWake } from './events/outbox-wake';
import type { Mailer } from './mail/mailer';

export type Clock = () => Date;

/** What every module's rules may use; built once per app so that tests can swap the clock. */
export interface Services {
  db: Db;
  secrets: Secrets;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  /** Absent when other processes may write the same database (PostgreSQL). */
  cache: Caches | undefined;
  /** Tells the outboxes' background consumers that a call committed work for them. */
  wake: OutboxWake;
}
