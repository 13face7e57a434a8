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
 * Whose queues a figure counts: absent, the whole service's (`/metrics`); a workspace, the work
 * of its API keys only (the Status page), without the service's own recurring jobs.
 */
export interface QueueScope {
  workspaceId: string;
}

/**
 * The service's unfinished tasks, each state read along its own partial index, each task's kind
 * by its job's key: the backlog's size, never the table's (finished tasks are most of it).
 */
function serviceUnfinishedTasks(): SQL {
  const kindOf = sql`(select j.kind from jobs j where j.id = t.job_id)`;
  return sql`
    select ${kindOf} as kind, 'pending' as state, t.next_attempt_at as due
      from job_tasks t where t.status = 'pending'
    union all
    select ${kindOf}, 'in_progress', null
      from job_tasks t where t.status = 'in_progress'`;
}

/**
 * A workspace's unfinished tasks: its keys, their unfinished jobs (a partial index), those jobs'
 * unfinished tasks (by job and status): its own backlog's size, whatever other workspaces owe.
 */
function workspaceUnfinishedTasks(scope: QueueScope): SQL {
  return sql`
    select j.kind, t.status as state,
        case when t.status = 'pending' then t.next_attempt_at end as due
      from api_keys k
      join jobs j on j.api_key_id = k.id and j.status in ('pending', 'in_progress')
      join job_tasks t on t.job_id = j.id and t.status in ('pending', 'in_progress')
      where k.workspace_id = ${scope.workspaceId}`;
}

/**
 * The job queues as the database has them, so that any process tells the truth about the queue
 * all processes share; the same figures for the whole service or for one workspace.
 */
export function jobQueueStatement(now: Date, scope?: QueueScope): SQL {
  const unfinished = scope ? workspaceUnfinishedTasks(scope) : serviceUnfinishedTasks();
  return sql`select kind,
      count(*) filter (where state = 'pending')::int as pending,
      count(*) filter (where state = 'in_progress')::int as running,
      coalesce(extract(epoch from ${now}::timestamptz - min(due)
        filter (where state = 'pending' and due <= ${now})), 0)::float8 as "oldestDueSeconds"
    from (${unfinished}) unfinished
    group by kind order by kind`;
}

/**
 * Due messages of the outbox: the service's along the partial due index; a workspace's through
 * its keys' endpoints, each endpoint's due messages along its own due times.
 */
function dueMessages(now: Date, scope: QueueScope | undefined): SQL {
  if (!scope) {
    return sql`select next_attempt_at from webhook_messages
      where status = 'pending' and next_attempt_at <= ${now}`;
  }
  return sql`select m.next_attempt_at
      from api_keys k
      join webhook_endpoints e on e.api_key_id = k.id
      join webhook_messages m on m.endpoint_id = e.id
        and m.status = 'pending' and m.next_attempt_at <= ${now}
      where k.workspace_id = ${scope.workspaceId}`;
}

export function outboxStatement(now: Date, scope?: QueueScope): SQL {
  return sql`select count(*)::int as "dueMessages",
      coalesce(extract(epoch from ${now}::timestamptz - min(next_attempt_at)), 0)::float8
        as "lagSeconds"
    from (${dueMessages(now, scope)}) due`;
}

export async function jobQueueFigures(
  db: Db,
  now: Date,
  scope?: QueueScope,
): Promise<JobQueueFigures[]> {
  return rowsOf<JobQueueFigures>(db, jobQueueStatement(now, scope));
}

export async function outboxFigures(db: Db, now: Date, scope?: QueueScope): Promise<OutboxFigures> {
  const [row] = await rowsOf<OutboxFigures>(db, outboxStatement(now, scope));
  return row ?? { dueMessages: 0, lagSeconds: 0 };
}
