// What the webhook benchmarks (bench/webhooks.ts, bench/dead-receiver.ts) share: talking to the
// forked receiver (bench/webhook-receiver.ts) and reading latencies.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** Sends the forked receiver a message and answers its reply. */
export async function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  const reply = once(child, 'message');
  child.send(message as string);
  return ((await reply) as [T])[0];
}

/** The p-th percentile of sorted numbers; NaN when there are none (printed as such). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** A counter of /metrics: the sum of its series whose labels contain `labels`. */
export async function metric(url: string, name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name) || !line.includes(labels)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}
