/**
 * An idle wait that `notify()` cuts short. A notify that comes while nobody waits is kept, so
 * the next wait returns at once: work queued during a pass is never slept through.
 */
export class Wakeup {
  private pending = false;
  private cut: (() => void) | undefined;

  notify(): void {
    this.pending = true;
    this.cut?.();
  }

  async wait(ms: number): Promise<void> {
    if (!this.pending) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(end, ms);
        function end() {
          clearTimeout(timer);
          resolve();
        }
        this.cut = end;
      });
      this.cut = undefined;
    }
    this.pending = false;
  }
}
