import { afterCommit } from '../db/ambient-transaction';

/**
 * Wakes the background consumers of the outboxes (the webhook worker) once a call has committed
 * something for them, so they look now instead of at their next poll. In-process only: other
 * processes find the work at their own poll.
 */
export class OutboxWake {
  private readonly listeners = new Set<() => void>();

  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Inside a write call's transaction, the wake waits for its commit: before it, nothing is there. */
  notify(): void {
    afterCommit(() => {
      for (const listener of this.listeners) listener();
    });
  }
}
