import type { Config } from '../config/config';
import { deleteAuditEntriesBatch } from '../audit/audit-store';
import type { Db } from '../db/db';

/**
 * What retention removes: rows of `table` whose `timeColumn` is older than `days` and that meet
 * `condition`. The batch reads them through an index on `timeColumn` whose predicate is
 * `condition`, written the same way, so each batch reads only rows it removes. Rows of other
 * tables that reference them go with them (ON DELETE CASCADE).
 */
export interface RetentionRule {
  /** Names the rule in logs. */
  name: string;
  table: string;
  /**
   * The primary key, which a batch deletes by; `ctid` for a key of several columns (a row's
   * address: the batch's own FOR UPDATE holds the row, so it cannot move before the delete).
   */
  key: string;
  timeColumn: string;
  /** SQL over the table's columns; 'true' for every row. */
  condition: string;
  /** Days a row is kept, from the configuration; 0 keeps every row. */
  days: (config: Config) => number;
  /**
   * A table whose rows are found another way than by an index on `timeColumn` removes a batch
   * itself (at most `limit` rows older than `cutoff`; answers how many went).
   */
  removeBatch?: (db: Db, cutoff: Date, limit: number) => Promise<number>;
}

/** Days of hourly endpoint figures kept: the 7 days answered, and one more. */
export const WEBHOOK_STATS_DAYS = 8;

export const retentionRules: readonly RetentionRule[] = [
  {
    // A message pending delivery is never removed, however old: it is still owed to a receiver.
    name: 'webhook messages',
    table: 'webhook_messages',
    key: 'id',
    timeColumn: 'created_at',
    condition: "status <> 'pending'",
    days: (c) => c.retention.webhookDays,
  },
  {
    // Endpoint figures are read for a week at most (Get Advanced Webhook Endpoint Stats); a day
    // more keeps the oldest hour whole whatever the clock's drift between processes.
    name: 'webhook endpoint figures',
    table: 'webhook_endpoint_stats',
    key: 'ctid',
    timeColumn: 'hour',
    condition: 'true',
    days: () => WEBHOOK_STATS_DAYS,
  },
  {
    // An e-mail still pending is owed to its recipient, however old; its job goes by the jobs' rule.
    name: 'sent e-mails',
    table: 'sent_emails',
    key: 'id',
    timeColumn: 'created_at',
    condition: "status <> 'pending'",
    days: (c) => c.retention.emailDays,
  },
  {
    // Jobs of every kind: tenants' migrations and erasures, and the service's own past runs.
    name: 'finished jobs',
    table: 'jobs',
    key: 'id',
    timeColumn: 'finished_at',
    condition: "status in ('completed', 'failed')",
    days: (c) => c.retention.jobDays,
  },
  {
    // Walked along each workspace's time index (the audit log's lists need no index on the time
    // alone, and one would tempt the planner into sorting a time range's entries).
    name: 'audit entries',
    table: 'audit_entries',
    key: 'id',
    timeColumn: 'at',
    condition: 'true',
    days: (c) => c.auditRetentionDays,
    removeBatch: (db, cutoff, limit) => deleteAuditEntriesBatch(db, cutoff, 0, limit),
  },
  {
    // An expired invitation stays listed for a while, so the owner can see it and re-send it;
    // a member who joined has no expiry.
    name: 'expired invitations',
    table: 'members',
    key: 'ctid',
    timeColumn: 'invitation_expires_at',
    condition: 'joined_at is null',
    days: (c) => c.retention.invitationDays,
  },
  {
    // A session past its end can never sign anyone in again; an ended one (signed out, revoked,
    // beyond the cap) had its end moved to then. Kept a day, the rules' unit, and nothing reads it.
    name: 'ended sessions',
    table: 'sessions',
    key: 'id',
    timeColumn: 'expires_at',
    condition: 'true',
    days: () => 1,
  },
  {
    // A window over for a day is never read again; a client that comes back starts a new one.
    name: 'rate-limit windows',
    table: 'rate_limit_windows',
    key: 'key',
    timeColumn: 'reset_at',
    condition: 'true',
    days: () => 1,
  },
];
