import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { PlainHistogram } from './plain-histogram';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { jobQueueFigures, outboxFigures } from './queue-figures';
import { RequestFigures } from './request-figures';

/** Request and statement durations: from a cached read (~1 ms) to a long export page. */
export const SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** From due to answered: a healthy outbox answers in under a second, a backlog takes minutes. */
const LAG_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

/** A webhook attempt as the worker records it. */
export interface AttemptFigures {
  /** `delivered`, `retrying` (failed, another attempt is scheduled) or `failed` (for good). */
  outcome: 'delivered' | 'retrying' | 'failed';
  durationSeconds: number | undefined;
  /** From the message's due time to this attempt's answer. */
  lagSeconds: number;
}

/**
 * The figures `/metrics` exposes, in one registry per app (tests run many apps in one process).
 * Counters and histograms count what this process did; the queue gauges are read from the
 * database at each scrape.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests = new RequestFigures(this.registry, SECONDS);
  private readonly statementSeconds = new PlainHistogram(
    this.registry,
    'svc_db_statement_duration_seconds',
    'Time of each database statement, from sending it to its answer.',
    SECONDS,
  );
  private readonly attempts = new Counter({
    name: 'svc_webhook_attempts_total',
    help: 'Webhook delivery attempts, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly attemptSeconds = new Histogram({
    name: 'svc_webhook_attempt_duration_seconds',
    help: "Time a receiver took to answer a webhook attempt (or the attempt's timeout).",
    buckets: SECONDS,
    registers: [this.registry],
  });
  private readonly deliveryLag = new Histogram({
    name: 'svc_webhook_delivery_lag_seconds',
    help: 'Time from a message coming due to the answer of its attempt.',
    buckets: LAG_SECONDS,
    registers: [this.registry],
  });

  constructor(db: Db, clock: Clock) {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    const tasks = new Gauge({
      name: 'svc_job_tasks',
      help: 'Unfinished durable job tasks, by kind of job and state (pending, running).',
      labelNames: ['kind', 'state'] as const,
      registers,
      collect: () => read(),
    });
    const oldest = new Gauge({
      name: 'svc_job_oldest_due_task_age_seconds',
      help: 'How long the oldest due task of each kind of job has waited.',
      labelNames: ['kind'] as const,
      registers,
      collect: () => read(),
    });
    const due = new Gauge({
      name: 'svc_webhook_outbox_due_messages',
      help: 'Webhook messages due and not yet attempted, in the database all processes share.',
      registers,
      collect: () => read(),
    });
    const lag = new Gauge({
      name: 'svc_webhook_outbox_lag_seconds',
      help: 'How long the oldest due webhook message has waited.',
      registers,
      collect: () => read(),
    });
    // One read of both queues per scrape, however many of the four gauges ask.
    let reading: Promise<void> | undefined;
    const read = () =>
      (reading ??= (async () => {
        const now = clock();
        const [jobs, outbox] = await Promise.all([
          jobQueueFigures(db, now),
          outboxFigures(db, now),
        ]);
        tasks.reset();
        oldest.reset();
        for (const kind of jobs) {
          tasks.set({ kind: kind.kind, state: 'pending' }, kind.pending);
          tasks.set({ kind: kind.kind, state: 'running' }, kind.running);
          oldest.set({ kind: kind.kind }, kind.oldestDueSeconds);
        }
        due.set(outbox.dueMessages);
        lag.set(outbox.lagSeconds);
      })().finally(() => {
        reading = undefined;
      }));
  }

  request(endpoint: string, code: number, seconds: number): void {
    this.requests.record(endpoint, code, seconds);
  }

  statement(seconds: number): void {
    this.statementSeconds.observe(seconds);
  }

  webhookAttempt(figures: AttemptFigures): void {
    this.attempts.inc({ outcome: figures.outcome });
    if (figures.durationSeconds !== undefined) this.attemptSeconds.observe(figures.durationSeconds);
    if (figures.outcome === 'delivered') this.deliveryLag.observe(Math.max(0, figures.lagSeconds));
  }
}
