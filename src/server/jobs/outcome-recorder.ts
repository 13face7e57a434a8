import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { type MessageOutcome, failUnrecordable, recordOutcomes } from './webhook-queue-store';

/**
 * Largest batch per statement; more waits for the next one. The embedded database runs on the
 * event loop, so a bigger statement would stall every timer (rate-limit slots among them).
 */
const MAX_BATCH = 250;

interface Waiting {
  outcome: MessageOutcome;
  done: () => void;
}

/**
 * Collects outcomes of concurrent deliveries and writes them in as few statements as possible:
 * while one batch is being written, the next accumulates. The embedded database answers one
 * query at a time, so one statement per delivery would cap throughput well below the target.
 */
export class OutcomeRecorder {
  private queue: Waiting[] = [];
  private draining: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Runs after each batch is written (the endpoints' health), before the next one is. */
    private readonly afterWrite?: (outcomes: MessageOutcome[]) => Promise<void>,
  ) {}

  /** Resolves once the outcome is written (or its write failed and was logged). */
  add(outcome: MessageOutcome): Promise<void> {
    return new Promise((done) => {
      this.queue.push({ outcome, done });
      // setImmediate lets the deliveries finishing in this turn join the same batch.
      this.draining ??= new Promise((resolve) => setImmediate(resolve)).then(() => this.drain());
    });
  }

  /** Resolves when everything added so far is written. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.write(batch.map((w) => w.outcome));
        for (const w of batch) w.done();
      }
    } finally {
      this.draining = undefined;
    }
  }

  /**
   * A message whose outcome cannot be written must not stay claimed: when its lease ran out it
   * would be attempted again, fail to record again, and loop for ever.
   */
  private async failInstead(outcome: MessageOutcome): Promise<void> {
    try {
      await failUnrecordable(this.db, outcome);
    } catch (err) {
      // The database refuses even this: its lease runs out and the message is attempted again.
      this.log.error({ err, messageId: outcome.id }, 'webhook message left to its lease');
    }
  }

  private async write(outcomes: MessageOutcome[]): Promise<void> {
    await this.writeOutcomes(outcomes);
    await this.afterWrite?.(outcomes);
  }

  private async writeOutcomes(outcomes: MessageOutcome[]): Promise<void> {
    try {
      await recordOutcomes(this.db, outcomes);
    } catch (err) {
      // One bad row (say, its endpoint was deleted mid-batch) must not lose the others' results.
      this.log.warn({ err }, 'recording a batch of webhook outcomes failed; retrying one by one');
      for (const outcome of outcomes) {
        try {
          await recordOutcomes(this.db, [outcome]);
        } catch (itemErr) {
          this.log.error({ err: itemErr, messageId: outcome.id }, 'webhook outcome not recorded');
          await this.failInstead(outcome);
        }
      }
    }
  }
}
