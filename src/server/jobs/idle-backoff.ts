/**
 * The longest an idle loop waits on the embedded database before it looks for due work again.
 * Only this process can write there, and it wakes its loops when it queues work, so a look finds
 * only what came due by time (a retry, a recurring run, a rate-limit slot), and the loop notes
 * when it wrote those: four looks a second cost an idle service about a tenth of a core.
 */
export const EMBEDDED_IDLE_MAX_MS = 1_000;

const KEPT_DUE_TIMES = 32;

/**
 * How long an idle loop waits before it looks for due work again: `fromMs` after a pass that
 * found work (or once work was announced), then twice as long after each pass that found none,
 * up to `toMs`, but never past the earliest due time the loop noted for work it wrote itself.
 * With `toMs` equal to `fromMs` it is a fixed poll. Times are on the service clock.
 */
export class IdleBackoff {
  private waitMs: number;
  /** The earliest due times noted and not yet looked past, in order; later ones fall off. */
  private readonly due: number[] = [];

  constructor(
    private readonly fromMs: number,
    private readonly toMs: number,
  ) {
    this.waitMs = fromMs;
  }

  /** Work was found or announced: the next look comes soon again. */
  reset(): void {
    this.waitMs = this.fromMs;
  }

  /**
   * The loop wrote work that comes due at `at`. Only the earliest few are kept: one that falls
   * off is found at a look `toMs` apart at the latest, as anything else due by time.
   */
  dueAt(at: Date): void {
    const ms = at.getTime();
    let i = this.due.length;
    while (i > 0 && (this.due[i - 1] ?? 0) > ms) i--;
    if (i >= KEPT_DUE_TIMES) return;
    this.due.splice(i, 0, ms);
    if (this.due.length > KEPT_DUE_TIMES) this.due.pop();
  }

  /** A pass looked for work due by `byMs`: what the loop wrote due by then was there to find. */
  looked(byMs: number): void {
    let past = 0;
    while (past < this.due.length && (this.due[past] ?? 0) <= byMs) past++;
    this.due.splice(0, past);
  }

  /** The wait after a pass that found nothing, at `nowMs`. */
  next(nowMs: number): number {
    const wait = this.waitMs;
    this.waitMs = Math.min(this.toMs, wait * 2);
    const due = this.due[0] ?? Number.POSITIVE_INFINITY;
    return Math.max(0, Math.min(wait, due - nowMs));
  }
}

/** A loop's looking options: its poll, its idle limit if given, whether it is the only writer. */
export interface IdleLooks {
  pollMs: number;
  idleMaxMs?: number | undefined;
  exclusiveDatabase: boolean;
}

/**
 * A loop's backoff: up to `idleMaxMs` when given, else up to EMBEDDED_IDLE_MAX_MS on the embedded
 * database, where only this process writes, and a fixed poll elsewhere.
 */
export function idleBackoffOf({ pollMs, idleMaxMs, exclusiveDatabase }: IdleLooks): IdleBackoff {
  const limit = idleMaxMs ?? (exclusiveDatabase ? Math.max(pollMs, EMBEDDED_IDLE_MAX_MS) : pollMs);
  return new IdleBackoff(pollMs, limit);
}
