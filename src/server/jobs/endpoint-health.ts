import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services';
import {
  type HealthChange,
  type HealthSettings,
  type HealthSummary,
  dropHealthCheck,
  dueHealthChecks,
  finishHealthCheck,
  pickProbe,
  recordHealth,
  unparkBatch,
} from './endpoint-health-store';
import { type Exhausted, mailDisabled, recordNotices } from './operational-notices';
import { RETRY_DELAYS_MS } from './retry-schedule';
import type { MessageOutcome } from './webhook-queue-store';

/** Endpoints whose health check is looked at per pass. */
const CHECKS_PER_PASS = 16;

/** What the endpoint's page and the events say of a failed attempt. */
export function failureText(attempt: NonNullable<MessageOutcome['attempt']>): string {
  if (attempt.responseStatus !== null && attempt.error === null) {
    return `HTTP ${attempt.responseStatus}`;
  }
  return attempt.error ?? 'failed';
}

const isSuccess = (o: MessageOutcome) => o.status === 'delivered';

/** Each endpoint's attempts of a batch (outcomes without an attempt say nothing of the receiver). */
export function summarize(outcomes: readonly MessageOutcome[]): HealthSummary[] {
  const byEndpoint = new Map<string, HealthSummary>();
  for (const o of outcomes) {
    if (!o.attempt) continue;
    let s = byEndpoint.get(o.endpointId);
    if (!s) {
      s = {
        endpointId: o.endpointId,
        succeeded: false,
        failures: 0,
        firstFailureAt: null,
        lastFailure: null,
        lastFailureAt: null,
        gone: false,
        failedIds: [],
        candidate: null,
        candidateAt: null,
        messages: [],
      };
      byEndpoint.set(o.endpointId, s);
    }
    s.messages.push({
      id: o.id,
      status: o.status,
      nextAt: o.nextAttemptAt ? o.nextAttemptAt.toISOString() : null,
    });
    if (isSuccess(o)) {
      // Counted from the latest success on.
      Object.assign(s, {
        succeeded: true,
        failures: 0,
        firstFailureAt: null,
        gone: false,
        failedIds: [],
      });
      continue;
    }
    const at = o.attempt.at.toISOString();
    s.failures += 1;
    s.firstFailureAt ??= at;
    s.lastFailure = failureText(o.attempt);
    s.lastFailureAt = at;
    if (o.attempt.responseStatus === 410) s.gone = true;
    if (o.status === 'pending' && o.nextAttemptAt) {
      s.failedIds.push(o.id);
      s.candidate = o.id;
      s.candidateAt = o.nextAttemptAt.toISOString();
    }
  }
  return [...byEndpoint.values()];
}

/** The messages of a batch whose last attempt failed. */
function exhaustedOf(outcomes: readonly MessageOutcome[]): Exhausted[] {
  return outcomes.flatMap((o) =>
    o.status === 'failed' && o.attempt
      ? [
          {
            messageId: o.id,
            endpointId: o.endpointId,
            attempts: o.attemptCount,
            lastAttemptAt: o.attempt.at.toISOString(),
            lastFailure: failureText(o.attempt),
          },
        ]
      : [],
  );
}

/**
 * The circuit breaker and the disabling of failing endpoints, as the webhook worker records
 * outcomes and between its passes. All state is in the endpoint's row, changed by single
 * statements, so workers of any number of processes share it.
 */
export class EndpointHealth {
  private readonly settings: HealthSettings;

  constructor(
    private readonly s: Services,
    private readonly log: FastifyBaseLogger,
  ) {
    const { breakerFailures, disableAfterHours } = s.config.webhookHealth;
    this.settings = {
      breakerFailures,
      disableAfterMs: disableAfterHours * 3_600_000,
      probeAfterMs: Math.max(...RETRY_DELAYS_MS),
    };
  }

  /**
   * After a batch of outcomes is written: moves each endpoint's state on, and writes the events
   * and audit entries of what changed in the same transaction; e-mails after it.
   */
  async record(outcomes: readonly MessageOutcome[]): Promise<void> {
    const summaries = summarize(outcomes);
    const exhausted = exhaustedOf(outcomes);
    if (summaries.length === 0 && exhausted.length === 0) return;
    const now = this.s.clock();
    let changes: HealthChange[] = [];
    try {
      const written = await this.s.db.transaction(async (tx) => {
        changes = await recordHealth(tx, summaries, now, this.settings);
        const noticed = changes.filter((c) => c.opened || c.recovered || c.disabled);
        return recordNotices(tx, noticed, exhausted, now);
      });
      if (written > 0) this.s.wake.notify();
      for (const c of changes) {
        if (c.opened || c.recovered || c.disabled) {
          // A disabled endpoint needs someone; a circuit opens and closes by itself.
          this.log[c.disabled ? 'warn' : 'info'](
            {
              endpointId: c.endpointId,
              opened: c.opened,
              recovered: c.recovered,
              disabled: c.disabled,
            },
            'webhook endpoint health changed',
          );
        }
      }
      await mailDisabled(this.s.db, this.s.mailer, this.s.config.consoleUrl, changes, this.log);
    } catch (err) {
      // The outcomes stand; the next batch of the endpoint counts again.
      this.log.error({ err }, 'webhook endpoint health not recorded');
    }
  }

  /**
   * The endpoints whose check came due: a recovered backlog flows back a batch at a time; an
   * open circuit whose probe ran out gets the next one; anything else needs no more look.
   * Answers whether there was any.
   */
  async checkDue(): Promise<boolean> {
    const now = this.s.clock();
    const checks = await dueHealthChecks(this.s.db, now, CHECKS_PER_PASS);
    for (const check of checks) {
      if (check.flowing) {
        const { took, moved } = await unparkBatch(this.s.db, check.id, now);
        if (took > 0 && moved === 0) await finishHealthCheck(this.s.db, check.id, now);
      } else if (check.needsProbe) {
        const at = Math.max(now.getTime(), Date.parse(check.nextProbeAt ?? '') || 0);
        await pickProbe(this.s.db, check.id, new Date(at), now);
      } else {
        await dropHealthCheck(this.s.db, check.id, now);
      }
    }
    return checks.length > 0;
  }
}
