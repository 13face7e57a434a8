import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { BoundedCache } from '../cache';
import { newId } from '../crypto/secrets';
import type { Services } from '../services';
import { OutcomeRecorder } from './outcome-recorder';
import { type DeliveryContext, KeyCache, attemptDelivery } from './webhook-delivery';
import { type WebhookClient, createWebhookClient } from './webhook-http';
import { type Planned, planSends } from './webhook-pacing';
import { yieldToEventLoop } from '../db/transaction';
import { Wakeup } from './job-wakeup';
import { type IdleBackoff, idleBackoffOf } from './idle-backoff';
import { fanOutOnce } from './webhook-fanout';
import {
  type MessageOutcome,
  type Release,
  claimDue,
  releaseAllClaims,
  releaseClaims,
} from './webhook-queue-store';
import { withinGrace } from './grace';
import { EndpointHealth } from './endpoint-health';
import { parkClaimed } from './endpoint-health-store';

export interface WorkerOptions {
  /** Run the polling loop; off in tests that drive passes with runOnce(). */
  background: boolean;
  /** An attempt without a complete 2xx answer by then has failed. */
  timeoutMs: number;
  batchSize: number;
  maxInFlight: number;
  perEndpoint: number;
  pollMs: number;
  /** The longest wait between looks that keep finding nothing (`idleBackoffOf`). */
  idleMaxMs?: number;
  lookaheadMs: number;
  /** How long a claim protects a message; longer than any attempt can take. */
  leaseMs: number;
  busyRetryMs: number;
  /** No other process can open the database (embedded PGlite): free stale claims at start. */
  exclusiveDatabase: boolean;
}

export const defaultWorkerOptions: WorkerOptions = {
  background: true,
  timeoutMs: 15_000,
  batchSize: 250,
  maxInFlight: 1000,
  perEndpoint: 256,
  pollMs: 250,
  lookaheadMs: 500,
  leaseMs: 60_000,
  busyRetryMs: 1_000,
  exclusiveDatabase: false,
};

/** Finished attempts after which a worker waiting for room looks for due messages again. */
const WAKE_AFTER_FINISHED = 32;

/**
 * Delivers the webhook outbox. Each pass claims due messages in one statement, sends them
 * concurrently (paced per endpoint), and records their outcomes in batches. Any number of
 * workers, in any number of processes, can share one database.
 */
export class WebhookWorker {
  private readonly options: WorkerOptions;
  private readonly client: WebhookClient;
  private readonly keys: KeyCache;
  private readonly ctx: DeliveryContext;
  private readonly recorder: OutcomeRecorder;
  private readonly health: EndpointHealth;
  /** When (service clock) the latest health checks were looked at. */
  private checkedHealthAt = 0;
  private readonly heldPerEndpoint = new Map<string, number>();
  /** Per rate-limited endpoint, when (wall clock) this process sent its latest deliveries. */
  private readonly recentSends = new BoundedCache<number[]>(10_000);
  private readonly tasks = new Set<Promise<void>>();
  /** Stops claiming, and hands back the messages not yet being sent. */
  private readonly stopping = new AbortController();
  /** Cuts off the attempts under way (once the grace of a stop has passed). */
  private readonly abandon = new AbortController();
  private readonly handedBack: Release[] = [];
  private held = 0;
  /** Attempts finished since the latest pass: room for that many more. */
  private finishedSincePass = 0;
  private readonly wakeup = new Wakeup();
  private readonly backoff: IdleBackoff;
  private waitingForRoom = false;
  private loopDone: Promise<void> | undefined;
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly s: Services,
    private readonly log: FastifyBaseLogger,
    options: Partial<WorkerOptions> = {},
  ) {
    this.options = { ...defaultWorkerOptions, ...options };
    this.backoff = idleBackoffOf(this.options);
    this.client = createWebhookClient({
      allowPrivate: s.config.webhookAllowPrivate,
      timeoutMs: this.options.timeoutMs,
    });
    this.keys = new KeyCache(s.secrets);
    this.ctx = { client: this.client, clock: s.clock };
    this.health = new EndpointHealth(s, log);
    this.recorder = new OutcomeRecorder(s.db, log, (outcomes) => this.health.record(outcomes));
    // Messages waiting for their send time listen for the stop signal, any number of them.
    setMaxListeners(0, this.stopping.signal, this.abandon.signal);
    s.wake.listen(() => this.notify());
  }

  async start(): Promise<void> {
    if (this.options.exclusiveDatabase) {
      const freed = await releaseAllClaims(this.s.db, this.s.clock());
      if (freed > 0)
        this.log.warn({ freed }, 'webhook messages of a stopped process are due again');
    }
    if (this.options.background) this.loopDone = this.loop();
  }

  /** Messages were just queued: look now rather than at the next poll. */
  notify(): void {
    this.backoff.reset();
    this.wakeup.notify();
  }

  /**
   * One pass now: claims everything due (on the service clock) and resolves once each of those
   * messages is attempted and its outcome recorded. Tests drive the worker with it.
   */
  async runOnce(): Promise<number> {
    await this.fanOutAll();
    const tasks: Promise<void>[] = [];
    let total = 0;
    for (;;) {
      await this.health.checkDue();
      const pass = await this.claimAndDispatch(this.options.batchSize, tasks);
      total += pass.claimed;
      if (!pass.full && pass.parked === 0) break;
    }
    await Promise.all(tasks);
    await this.recorder.idle();
    return total;
  }

  /** Turns every event of the outbox into its messages now (tests, and runOnce). */
  async fanOutAll(): Promise<number> {
    let messages = 0;
    for (;;) {
      const done = await fanOutOnce(this.s.db, this.s.clock());
      messages += done.messages;
      if (done.events === 0) return messages;
    }
  }

  /**
   * Stops claiming and hands back at once the messages still waiting for their send time. Attempts
   * under way have `graceMs` to get their answer (an attempt cut off may have reached the
   * receiver, which would then get it twice); then they are cut off and handed back too.
   */
  stop(graceMs = 0): Promise<void> {
    this.stopped ??= (async () => {
      this.stopping.abort();
      this.wakeup.notify();
      await this.loopDone;
      const settled = Promise.allSettled([...this.tasks]);
      await withinGrace(settled, graceMs);
      this.abandon.abort();
      this.client.close();
      await settled;
      await this.recorder.idle();
      try {
        await releaseClaims(this.s.db, this.handedBack.splice(0));
      } catch (err) {
        this.log.warn({ err }, 'held webhook messages not handed back; their leases will expire');
      }
    })();
    return this.stopped;
  }

  /**
   * Each pass is bounded (one fan-out statement, one claim of at most `batchSize`) and followed by
   * a turn of the event loop, so that HTTP is answered between passes: the embedded database
   * runs on this event loop. The loop goes on at once only while a pass found more work than it
   * took; otherwise it waits for a notify, for finished attempts to make room, or the poll.
   */
  private async loop(): Promise<void> {
    const { batchSize, maxInFlight, pollMs } = this.options;
    while (!this.stopping.signal.aborted) {
      const room = Math.min(batchSize, maxInFlight - this.held);
      // With little room left, only rate-limit slots that came due are claimed: they are few.
      const backlog = room < batchSize / 4 ? 0 : room;
      let more = false;
      let found = false;
      try {
        const fanned = await fanOutOnce(this.s.db, this.s.clock());
        await this.checkHealth();
        const pass = await this.claimAndDispatch(backlog);
        // Blocked messages parked: the due order may hold more of them ahead of live ones.
        more = fanned.events > 0 || (pass.dispatched > 0 && pass.full) || pass.parked > 0;
        found = more || pass.claimed > 0;
      } catch (err) {
        this.log.error({ err }, 'webhook delivery pass failed');
        await this.idle(pollMs * 4);
        continue;
      }
      // Attempts under way end in outcomes, some due again soon: their due times are noted.
      if (found || this.held > 0) this.backoff.reset();
      if (more) {
        await yieldToEventLoop();
      } else {
        this.waitingForRoom = this.held > 0;
        await this.idle(this.backoff.next(this.s.clock().getTime()));
        this.waitingForRoom = false;
      }
    }
  }

  /** The endpoints' health checks, at most once per poll interval: they come due in seconds. */
  private async checkHealth(): Promise<void> {
    const now = this.s.clock().getTime();
    if (now - this.checkedHealthAt < this.options.pollMs) return;
    this.checkedHealthAt = now;
    await this.health.checkDue();
  }

  /** Waits for a notify, for room to free up, or for the poll interval. */
  private idle(ms: number): Promise<void> {
    return this.stopping.signal.aborted ? Promise.resolve() : this.wakeup.wait(ms);
  }

  /**
   * Claims due rate-limit slots and up to `backlog` other due messages (no more per endpoint than
   * it has room for), and starts them. `full`: a limit was reached, so more may be due right now.
   */
  private async claimAndDispatch(
    backlog: number,
    tasks?: Promise<void>[],
  ): Promise<{ claimed: number; dispatched: number; full: boolean; parked: number }> {
    if (this.stopping.signal.aborted) return { claimed: 0, dispatched: 0, full: false, parked: 0 };
    this.finishedSincePass = 0;
    const now = this.s.clock().getTime();
    const claimId = newId('clm');
    const slots = this.options.batchSize;
    const { perEndpoint } = this.options;
    const room: Record<string, number> = {};
    for (const [endpointId, held] of this.heldPerEndpoint)
      room[endpointId] = Math.max(0, perEndpoint - held);
    const horizon = now + this.options.lookaheadMs;
    this.backoff.looked(horizon);
    const { messages: all, parked } = await claimDue(this.s.db, {
      id: claimId,
      horizon: new Date(horizon),
      leaseEnd: new Date(now + this.options.leaseMs),
      slots,
      backlog,
      perEndpoint,
      room,
    });
    const bySlot = all.filter((m) => m.bySlot).length;
    const full = bySlot === slots || (backlog > 0 && all.length - bySlot === backlog);
    // Rate-limit slots of an endpoint whose circuit opened since: they wait, unsent.
    await parkClaimed(
      this.s.db,
      all.filter((m) => m.blocked).map((m) => ({ id: m.id, claimId })),
    );
    // In due order, so that rate-limit slots (and sends) follow it: a backlog flowing back after
    // its circuit closed is due in the order it was created.
    const claimed = all.filter((m) => !m.blocked).sort((a, b) => a.dueMs - b.dueMs);
    if (claimed.length === 0) return { claimed: 0, dispatched: 0, full, parked };
    const plan = await planSends(
      this.s.db,
      claimed,
      claimId,
      now,
      this.options,
      this.heldPerEndpoint,
    );
    for (const release of plan.release) this.backoff.dueAt(release.at);
    await releaseClaims(this.s.db, plan.release);
    for (const planned of plan.go) {
      this.held += 1;
      const task = this.send(planned).finally(() => {
        this.held -= 1;
        this.finishedSincePass += 1;
        const left = (this.heldPerEndpoint.get(planned.message.endpointId) ?? 1) - 1;
        if (left > 0) this.heldPerEndpoint.set(planned.message.endpointId, left);
        else this.heldPerEndpoint.delete(planned.message.endpointId);
        this.tasks.delete(task);
        // Enough room for a pass worth its statement: look again rather than at the next poll.
        if (this.waitingForRoom && this.finishedSincePass >= WAKE_AFTER_FINISHED)
          this.wakeup.notify();
      });
      this.tasks.add(task);
      tasks?.push(task);
    }
    return { claimed: claimed.length, dispatched: plan.go.length, full, parked };
  }

  private async send(planned: Planned): Promise<void> {
    const { message, claimId } = planned;
    const signal = this.stopping.signal;
    try {
      await this.waitUntil(planned.sendAtMs, signal);
      const startAt =
        message.rateLimit !== null && planned.slotted
          ? await this.withinLimit(message.endpointId, message.rateLimit, signal)
          : this.s.clock();
      // Once stopping, no attempt starts; one under way runs on until the grace has passed.
      const outcome = signal.aborted
        ? undefined
        : await attemptDelivery(this.ctx, this.keys, message, {
            claimId,
            startAt,
            signal: this.abandon.signal,
          });
      if (outcome) {
        this.countAttempt(outcome, message.dueMs);
        if (outcome.nextAttemptAt) this.backoff.dueAt(outcome.nextAttemptAt);
        await this.recorder.add(outcome);
      } else this.handBack(planned);
    } catch (err) {
      if (signal.aborted) this.handBack(planned);
      else this.log.error({ err, messageId: message.id }, 'webhook delivery failed unexpectedly');
    }
  }

  private countAttempt(outcome: MessageOutcome, dueMs: number): void {
    const answeredMs = this.s.clock().getTime();
    this.s.metrics.webhookAttempt({
      outcome:
        outcome.status === 'delivered'
          ? 'delivered'
          : outcome.status === 'pending'
            ? 'retrying'
            : 'failed',
      durationSeconds: outcome.attempt && outcome.attempt.durationMs / 1000,
      lagSeconds: (answeredMs - dueMs) / 1000,
    });
  }

  private async waitUntil(atMs: number, signal: AbortSignal): Promise<void> {
    const wait = atMs - this.s.clock().getTime();
    if (wait > 0) await sleep(wait, undefined, { signal });
  }

  /**
   * Waits while this process already sent `rateLimit` deliveries to the endpoint in the last
   * second. Slots pace deliveries across processes; this caps them when a busy event loop fires
   * several slots' timers late and together, without letting lateness pile up into a lower rate.
   * It counts wall-clock time, which is what a receiver sees; answers the service-clock time.
   */
  private async withinLimit(
    endpointId: string,
    rateLimit: number,
    signal: AbortSignal,
  ): Promise<Date> {
    let sent = this.recentSends.get(endpointId);
    if (!sent) {
      sent = [];
      this.recentSends.set(endpointId, sent);
    }
    for (;;) {
      const now = Date.now();
      const oldest = sent.length >= rateLimit ? sent[sent.length - rateLimit] : undefined;
      if (oldest === undefined || now - oldest >= 1000) {
        sent.push(now);
        if (sent.length > rateLimit) sent.splice(0, sent.length - rateLimit);
        return this.s.clock();
      }
      await sleep(oldest + 1000 - now, undefined, { signal });
    }
  }

  private handBack(planned: Planned): void {
    this.handedBack.push({
      id: planned.message.id,
      claimId: planned.claimId,
      at: this.s.clock(),
      slotted: planned.slotted,
    });
  }
}
