import type { RateLimitRule } from '../config/config';
import type { Counted, DatabaseRateLimiter } from './db-rate-limit';
import { MemoryRateLimiter, type Window, refusal } from './rate-limit';

/** A key whose failure is counted, the rule it is counted under and the words of its refusal. */
export interface FailureKey extends Counted {
  message: string;
}

/**
 * Failed requests counted per key, memory first, so that a call that succeeds costs no statement:
 * the check before a call reads this process's memory only, and only a failure (already the slow
 * path: a wrong credential, a refused input) is counted, in memory and, where other processes
 * count too (PostgreSQL), in the database in one statement whose answer this process then
 * remembers. A process thus refuses an exhausted key from memory once it has seen one of the
 * key's failures past the limit; until then it checks the key's next request, and a failure is
 * answered RESOURCE_EXHAUSTED from the shared count. Across processes the limit therefore holds
 * for failures, and at most one more request per process is checked before the refusal.
 */
export class FailureLimiter {
  private readonly known: MemoryRateLimiter;

  constructor(
    private readonly now: () => number,
    /** The database's windows when other processes count too; absent on the embedded database. */
    private readonly shared: DatabaseRateLimiter | undefined,
  ) {
    this.known = new MemoryRateLimiter(now);
  }

  /** Throws RESOURCE_EXHAUSTED when this process knows that `key` used its window up. */
  check(key: string, rule: RateLimitRule, message: string): void {
    const window = this.known.running(key);
    if (window && window.count >= rule.max) throw refusal(window, this.now(), message);
  }

  /**
   * Counts one failure of each key; throws RESOURCE_EXHAUSTED, for the first key counted past
   * its rule, to be answered instead of the failure.
   */
  async fail(keys: readonly FailureKey[]): Promise<void> {
    if (keys.length === 0) return;
    const now = this.now();
    let windows: Window[];
    if (this.shared) {
      windows = await this.shared.countAll(keys, now);
      windows.forEach((window, i) => this.known.adopt(keys[i]?.key ?? '', window));
    } else {
      windows = keys.map(({ key, rule }) => this.known.add(key, rule));
    }
    const over = keys.findIndex(({ rule }, i) => (windows[i]?.count ?? 0) > rule.max);
    const key = keys[over];
    const window = windows[over];
    if (key && window) throw refusal(window, now, key.message);
  }
}
