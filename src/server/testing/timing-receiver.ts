import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

export interface TimingReceiver {
  /** `http://127.0.0.1:<port>`; any path is accepted, and arrivals are kept per path. */
  url: string;
  /**
   * Wall-clock arrival times (ms) per path, as the receiver process saw them, and the longest
   * stall of its event loop since the previous report (a starved receiver records late).
   */
  report(): Promise<{ arrivals: Record<string, number[]>; maxLagMs: number }>;
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('./timing-receiver-process.mjs', import.meta.url));

/** A receiver in its own process, for timing measurements (rate limits). */
export async function startTimingReceiver(): Promise<TimingReceiver> {
  const child: ChildProcess = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const [ready] = (await once(child, 'message')) as [{ port: number }];
  return {
    url: `http://127.0.0.1:${ready.port}`,
    async report() {
      const reply = once(child, 'message');
      child.send('report');
      const [message] = (await reply) as [{ arrivals: Record<string, number[]>; maxLagMs: number }];
      return message;
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.send('stop');
      await exited;
    },
  };
}
