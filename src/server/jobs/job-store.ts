import { type SQL, sql } from 'drizzle-orm';
import type { JobStatus } from '../db/schema/jobs-schema';
import { type DbOrTx as Conn, type Tx, rowsOf as rows } from '../db/transaction';
import type { JobProgress } from './job-types';

const iso = (d: Date) => d.toISOString();

export interface JobRow {
  id: string;
  kind: string;
  apiKeyId: string;
  input: unknown;
  tasks: readonly unknown[];
  now: Date;
}

/**
 * Writes a job and its tasks, all due now, in the caller's transaction. The tasks go in as one
 * JSON array parameter, so a job of any size is two statements. A job without tasks is
 * completed from the start.
 */
export async function insertJob(tx: Conn, job: JobRow): Promise<void> {
  const empty = job.tasks.length === 0;
  await tx.execute(sql`
    insert into jobs (id, kind, api_key_id, input, status, tasks_count, created_at, finished_at)
    values (${job.id}, ${job.kind}, ${job.apiKeyId}, ${JSON.stringify(job.input)}::jsonb,
      ${empty ? 'completed' : 'pending'}, ${job.tasks.length}, ${iso(job.now)}::timestamptz,
      ${empty ? iso(job.now) : null}::timestamptz)`);
  if (empty) return;
  await tx.execute(sql`
    insert into job_tasks (job_id, seq, input, next_attempt_at)
    select ${job.id}, (t.ord - 1)::int, t.value, ${iso(job.now)}::timestamptz
    from jsonb_array_elements(${JSON.stringify(job.tasks)}::jsonb) with ordinality as t(value, ord)`);
}

/**
 * Writes the next run of a recurring job, of one task due at `dueAt`, unless a run of its kind
 * is already pending or under way: a partial unique index keeps one live run per kind however
 * many processes schedule it at once. A recurring job belongs to no tenant (no API key).
 */
export async function insertRecurringRun(
  tx: Conn,
  run: { id: string; kind: string; now: Date; dueAt: Date },
): Promise<void> {
  await tx.execute(sql`
    with job as (
      insert into jobs (id, kind, api_key_id, input, status, tasks_count, created_at)
      values (${run.id}, ${run.kind}, null, '{}'::jsonb, 'pending', 1,
        ${iso(run.now)}::timestamptz)
      on conflict (kind) where api_key_id is null and status in ('pending', 'in_progress')
      do nothing
      returning id
    )
    insert into job_tasks (job_id, seq, input, next_attempt_at)
    select id, 0, '{}'::jsonb, ${iso(run.dueAt)}::timestamptz from job`);
}

/** The pending run of a recurring job (waiting to retry) due at `now` instead. */
export async function bringRecurringRunForward(tx: Conn, kind: string, now: Date): Promise<void> {
  await tx.execute(sql`
    update job_tasks set next_attempt_at = ${iso(now)}::timestamptz
    where status = 'pending' and next_attempt_at > ${iso(now)}::timestamptz
      and job_id in (
        select id from jobs
        where kind = ${kind} and api_key_id is null and status in ('pending', 'in_progress')
      )`);
}

/** A task a runner holds, with its job's fields. */
export interface ClaimedTask {
  id: number;
  jobId: string;
  seq: number;
  input: unknown;
  /** Runs started so far, this one included. */
  attempts: number;
  kind: string;
  /** Null for a recurring job of the service's own. */
  apiKeyId: string | null;
  jobInput: unknown;
  jobStatus: JobStatus;
}

export interface Claim {
  runnerId: string;
  now: Date;
  leaseEnd: Date;
  limit: number;
}

/**
 * Claims up to `limit` tasks in one statement: those whose lease ended (their runner died)
 * first, then pending ones that came due, oldest first. SKIP LOCKED lets any number of runners
 * claim side by side without waiting or taking the same task; a task's lease keeps others off
 * it while it runs. Jobs of claimed tasks that had not started are marked in progress.
 */
export async function claimTasks(db: Conn, claim: Claim): Promise<ClaimedTask[]> {
  return rows<ClaimedTask>(db, claimStatement(claim));
}

/** The claim statement, apart so that a test can check its plan. */
export function claimStatement(claim: Claim): SQL {
  const now = sql`${iso(claim.now)}::timestamptz`;
  return sql`
    with expired as (
      select id, 0 as rank, lease_until as since from job_tasks
      where status = 'in_progress' and lease_until <= ${now}
      order by lease_until
      limit ${claim.limit}
      for update skip locked
    ),
    due as (
      select id, 1 as rank, next_attempt_at as since from job_tasks
      where status = 'pending' and next_attempt_at <= ${now}
      order by next_attempt_at
      limit ${claim.limit}
      for update skip locked
    ),
    picked as (
      select id from (select * from expired union all select * from due) p
      order by rank, since
      limit ${claim.limit}
    ),
    claimed as (
      update job_tasks t
      set status = 'in_progress', claimed_by = ${claim.runnerId},
        lease_until = ${iso(claim.leaseEnd)}::timestamptz, attempts = t.attempts + 1
      from picked
      where t.id = picked.id
      returning t.id, t.job_id, t.seq, t.input, t.attempts
    ),
    started as (
      update jobs j set status = 'in_progress', started_at = ${now}
      where j.id in (select job_id from claimed) and j.status = 'pending'
    )
    select c.id::float8 as id, c.job_id as "jobId", c.seq, c.input, c.attempts, j.kind,
      j.api_key_id as "apiKeyId", j.input as "jobInput", j.status as "jobStatus"
    from claimed c join jobs j on j.id = c.job_id`;
}

/**
 * Locks a held task's row for the rest of the transaction; false when this runner no longer
 * holds it. While the row is locked no other runner can claim it, even once its lease ends.
 */
export async function lockHeldTask(tx: Tx, taskId: number, runnerId: string): Promise<boolean> {
  const found = await rows<{ id: number }>(
    tx,
    sql`select id from job_tasks
      where id = ${taskId} and claimed_by = ${runnerId} and status = 'in_progress'
      for update`,
  );
  return found.length > 0;
}

/** What finishing a task did to its job; `transition` is set when this task finished the job. */
export interface JobAfterTask {
  transition: 'completed' | 'failed' | undefined;
  failureReason: string | null;
}

/** The job's row, locked: every task that finishes waits its turn, so exactly one sees the end. */
async function lockJob(tx: Tx, jobId: string) {
  const [job] = await rows<{
    status: JobStatus;
    tasksCount: number;
    tasksDone: number;
    failureReason: string | null;
  }>(
    tx,
    sql`select status, tasks_count as "tasksCount", tasks_done as "tasksDone",
        failure_reason as "failureReason"
      from jobs where id = ${jobId} for update`,
  );
  if (!job) throw new Error(`job ${jobId} is gone`);
  return job;
}

/**
 * Marks a held task completed and counts it on its job, completing the job when it was the last.
 * Undefined when this runner no longer holds the task: the caller must roll back.
 */
export async function completeTask(
  tx: Tx,
  task: { id: number; jobId: string; runnerId: string; now: Date },
): Promise<JobAfterTask | undefined> {
  const done = await rows<{ id: number }>(
    tx,
    sql`update job_tasks
      set status = 'completed', finished_at = ${iso(task.now)}::timestamptz,
        claimed_by = null, lease_until = null
      where id = ${task.id} and claimed_by = ${task.runnerId} and status = 'in_progress'
      returning id`,
  );
  if (done.length === 0) return undefined;
  const job = await lockJob(tx, task.jobId);
  const last =
    (job.status === 'pending' || job.status === 'in_progress') &&
    job.tasksDone + 1 >= job.tasksCount;
  await tx.execute(sql`
    update jobs set tasks_done = tasks_done + 1,
      last_task_finished_at = ${iso(task.now)}::timestamptz,
      status = ${last ? 'completed' : job.status},
      finished_at = ${last ? sql`${iso(task.now)}::timestamptz` : sql`finished_at`}
    where id = ${task.jobId}`);
  return { transition: last ? 'completed' : undefined, failureReason: job.failureReason };
}

/**
 * Hands a held task back to wait until `at`, after a failed run that may be retried. False when
 * that cannot be: this runner no longer holds the task, or its job has failed meanwhile (then
 * the caller fails the task too).
 */
export async function retryTask(
  db: Conn,
  task: { id: number; runnerId: string; at: Date; error: string },
): Promise<boolean> {
  const retried = await rows<{ id: number }>(
    db,
    sql`update job_tasks t
      set status = 'pending', next_attempt_at = ${iso(task.at)}::timestamptz,
        claimed_by = null, lease_until = null, last_error = ${task.error}
      where t.id = ${task.id} and t.claimed_by = ${task.runnerId} and t.status = 'in_progress'
        and not exists (select 1 from jobs j where j.id = t.job_id and j.status = 'failed')
      returning t.id`,
  );
  return retried.length > 0;
}

/**
 * Fails a held task and, unless it had failed already, its job with `reason`; the job's tasks
 * still waiting are failed too, so no runner picks them up. Undefined when this runner no longer
 * holds the task. Pending tasks are updated before the job's row is locked, in the same order as
 * a claim takes them, so a claim and a failure never wait for each other in a circle.
 */
export async function failTask(
  tx: Tx,
  task: { id: number; jobId: string; runnerId: string; now: Date; error: string; reason: string },
): Promise<JobAfterTask | undefined> {
  const now = sql`${iso(task.now)}::timestamptz`;
  const held = await rows<{ id: number }>(
    tx,
    sql`update job_tasks
      set status = 'failed', finished_at = ${now}, claimed_by = null, lease_until = null,
        last_error = ${task.error}
      where id = ${task.id} and claimed_by = ${task.runnerId} and status = 'in_progress'
      returning id`,
  );
  if (held.length === 0) return undefined;
  const [notRun] = await rows<{ n: number }>(
    tx,
    sql`with f as (
        update job_tasks
        set status = 'failed', finished_at = ${now}, last_error = 'Not run: the job failed.'
        where job_id = ${task.jobId} and status = 'pending'
        returning 1
      )
      select count(*)::int as n from f`,
  );
  const job = await lockJob(tx, task.jobId);
  const first = job.status === 'pending' || job.status === 'in_progress';
  await tx.execute(sql`
    update jobs set tasks_failed = tasks_failed + ${1 + (notRun?.n ?? 0)},
      last_task_finished_at = ${now},
      status = 'failed',
      failure_reason = ${first ? task.reason : job.failureReason},
      finished_at = ${first ? now : sql`finished_at`}
    where id = ${task.jobId}`);
  return {
    transition: first ? 'failed' : undefined,
    failureReason: first ? task.reason : job.failureReason,
  };
}

/**
 * Hands held tasks back unrun, due at `at` (runner stopping, kind unknown here). The claim's
 * attempt is taken back: the task did not run.
 */
export async function releaseTasks(
  db: Conn,
  runnerId: string,
  taskIds: readonly number[],
  at: Date,
): Promise<void> {
  if (taskIds.length === 0) return;
  await db.execute(sql`
    update job_tasks
    set status = 'pending', next_attempt_at = ${iso(at)}::timestamptz, claimed_by = null,
      lease_until = null, attempts = greatest(attempts - 1, 0)
    where id = any(${`{${taskIds.join(',')}}`}::bigint[]) and claimed_by = ${runnerId}
      and status = 'in_progress'`);
}

/** Extends the leases of tasks a runner still holds, so that slow work is not taken over. */
export async function renewLeases(
  db: Conn,
  runnerId: string,
  taskIds: readonly number[],
  leaseEnd: Date,
): Promise<void> {
  if (taskIds.length === 0) return;
  await db.execute(sql`
    update job_tasks set lease_until = ${iso(leaseEnd)}::timestamptz
    where id = any(${`{${taskIds.join(',')}}`}::bigint[]) and claimed_by = ${runnerId}
      and status = 'in_progress'`);
}

/**
 * Frees every held task at start-up. Only for a database no other process can open (embedded
 * PGlite): a task held then belongs to a process that died, and is due now. The interrupted run
 * still counts as an attempt.
 */
export async function releaseAllTasks(db: Conn, now: Date): Promise<number> {
  const [freed] = await rows<{ n: number }>(
    db,
    sql`with freed as (
        update job_tasks
        set status = 'pending', next_attempt_at = ${iso(now)}::timestamptz, claimed_by = null,
          lease_until = null
        where status = 'in_progress'
        returning 1
      )
      select count(*)::int as n from freed`,
  );
  return freed?.n ?? 0;
}

/**
 * A job's state and progress in one statement: the job's row by primary key, and the count of
 * its running tasks through the (job, status) index. Undefined when the tenant has no such job.
 */
export async function readJobProgress(
  db: Conn,
  apiKeyId: string,
  jobId: string,
): Promise<JobProgress | undefined> {
  const [row] = await rows<Omit<JobProgress, 'tasksLeft'>>(db, progressStatement(apiKeyId, jobId));
  if (!row) return undefined;
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    ...row,
    tasksLeft: row.tasksCount - row.tasksDone - row.tasksFailed,
    lastTaskFinishedAt: date(row.lastTaskFinishedAt),
    createdAt: new Date(row.createdAt),
    startedAt: date(row.startedAt),
    finishedAt: date(row.finishedAt),
  };
}

/** The progress statement, apart so that a test can check its plan. */
export function progressStatement(apiKeyId: string, jobId: string): SQL {
  return sql`
    select j.id, j.kind, j.api_key_id as "apiKeyId", j.status, j.failure_reason as "failureReason",
      j.tasks_count as "tasksCount", j.tasks_done as "tasksDone", j.tasks_failed as "tasksFailed",
      (select count(*)::int from job_tasks t where t.job_id = j.id and t.status = 'in_progress')
        as "tasksRunning",
      j.last_task_finished_at as "lastTaskFinishedAt", j.created_at as "createdAt",
      j.started_at as "startedAt", j.finished_at as "finishedAt"
    from jobs j
    where j.id = ${jobId} and j.api_key_id = ${apiKeyId}`;
}
