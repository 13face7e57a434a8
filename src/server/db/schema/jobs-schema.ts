import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobStatuses = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * A durable background job (document migration, user-data erasure, …) of one tenant. Its
 * progress counters live on the row, moved in the transaction that finishes each task, so a
 * status read is one primary-key lookup and the last task to finish knows it was the last.
 */
export const jobs = pgTable(
  'jobs',
  {
    /** `job_…`; also the id callers see (`jobId`, `migrationId`). */
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    /** Null for the service's own recurring jobs (retention), which belong to no tenant. */
    apiKeyId: text('api_key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    input: jsonb('input').$type<unknown>().notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('pending'),
    /** Why the job failed, in words fit for the console. */
    failureReason: text('failure_reason'),
    tasksCount: integer('tasks_count').notNull(),
    tasksDone: integer('tasks_done').notNull().default(0),
    /** Tasks that failed, and tasks not run because the job had failed. */
    tasksFailed: integer('tasks_failed').notNull().default(0),
    lastTaskFinishedAt: at('last_task_finished_at'),
    createdAt: at('created_at').notNull(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('jobs_key_created_idx').on(t.apiKeyId, t.createdAt, t.id),
    // At most one live run of each recurring job, however many processes schedule it.
    uniqueIndex('jobs_recurring_live_uq')
      .on(t.kind)
      .where(sql`${t.apiKeyId} is null and ${t.status} in ('pending', 'in_progress')`),
    // A workspace's unfinished jobs, for its Status page's queue figures (its backlog only).
    index('jobs_key_unfinished_idx')
      .on(t.apiKeyId)
      .where(sql`${t.status} in ('pending', 'in_progress')`),
    // Retention reads finished jobs oldest first.
    index('jobs_finished_idx')
      .on(t.finishedAt)
      .where(sql`${t.status} in ('completed', 'failed')`),
  ],
);

/** One unit of a job's work; tasks run independently, in any process, each until it is done. */
export const jobTasks = pgTable(
  'job_tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** Position within the job, from 0. */
    seq: integer('seq').notNull(),
    input: jsonb('input').$type<unknown>().notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('pending'),
    /** Runs started, counted at each claim, so a task that keeps killing its process ends. */
    attempts: integer('attempts').notNull().default(0),
    /** When a pending task may run (again). */
    nextAttemptAt: at('next_attempt_at').notNull(),
    /** The runner holding an in-progress task, until `lease_until`; then anyone may take it. */
    claimedBy: text('claimed_by'),
    leaseUntil: at('lease_until'),
    lastError: text('last_error'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    // The claim reads these two: pending tasks that came due, held tasks whose lease ended.
    index('job_tasks_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('job_tasks_lease_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'in_progress'`),
    // A job's tasks by status (what to fail when the job fails); also serves the foreign key.
    index('job_tasks_job_status_idx').on(t.jobId, t.status),
  ],
);
