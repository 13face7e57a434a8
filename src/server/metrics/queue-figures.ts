import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/db';
import { rowsOf } from '../db/transaction';

/** Unfinished tasks of one kind of job, read from the database every process shares. */
export interface JobQueueFigures {
  kind: string;
  pending: number;
  running: number;
  /** Seconds since the oldest task that is due (pending, its time come) became due; 0 if none. */
  oldestDueSeconds: number;
}

/** The webhook outbox: messages due and not yet attempted, and how late the oldest is. */
export interface OutboxFigures {
  dueMessages: number;
  lagSeconds: number;
}

/**
 * The queues as the database has them, so that any process tells the truth about the queue all
 * processes share. Both read only unfinished rows, along the partial indexes the workers claim by.
 */
export function jobQueueStatement(now: Date): SQL {
  // Each state read along its own partial index, each task's kind by its job's key: the backlog's
  // size, never the table's (finished tasks are most of it).
  const kindOf = sql`(select j.kind from jobs j where j.id = t.job_id)`;
  return sql`select kind,
      count(*) filter (where state = 'pending')::int as pending,
      count(*) filter (where state = 'in_progress')::int as running,
      coalesce(extract(epoch from ${now}::timestamptz - min(due)
        filter (where state = 'pending' and due <= ${now})), 0)::float8 as "oldestDueSeconds"
    from (
      select ${kindOf} as kind, 'pending' as state, t.next_attempt_at as due
        from job_tasks t where t.status = 'pending'
      union all
      select ${kindOf}, 'in_progress', null
        from job_tasks t where t.status = 'in_progress'
    ) unfinished
    group by kind order by kind`;
}

export function outboxStatement(now: Date): SQL {
  return sql`select count(*)::int as "dueMessages",
      coalesce(extract(epoch from ${now}::timestamptz - min(next_attempt_at)), 0)::float8
        as "lagSeconds"
    from webhook_messages where status = 'pending' and next_attempt_at <= ${now}`;
}

export async function jobQueueFigures(db: Db, now: Date): Promise<JobQueueFigures[]> {
  return rowsOf<JobQueueFigures>(db, jobQueueStatement(now));
}

export async function outboxFigures(db: Db, now: Date): Promise<OutboxFigures> {
  const [row] = await rowsOf<OutboxFigures>(db, outboxStatement(now));
  return row ?? { dueMessages: 0, lagSeconds: 0 };
}
