import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestService, startTestService } from '../testing/test-service';
import { type TimingReceiver, startTimingReceiver } from '../testing/timing-receiver';
import { endpointFixture } from '../testing/webhook-fixtures';

let svc: TestService;
let rx: TimingReceiver;
beforeAll(async () => {
  svc = await startTestService();
  rx = await startTimingReceiver();
});
afterAll(async () => {
  await svc.close();
  await rx.close();
});

const rateLimit = 20;
const count = 41;
/** A stall longer than this in either process makes a timing run meaningless. */
const starvedMs = 150;

/** Arrival times (ms) at a path once `count` arrived, and the receiver's longest stall. */
async function arrivalsAt(path: string) {
  const deadline = Date.now() + 10_000;
  let lag = 0;
  for (;;) {
    const report = await rx.report();
    lag = Math.max(lag, report.maxLagMs);
    const times = report.arrivals[path] ?? [];
    if (times.length >= count || Date.now() > deadline) {
      return { times: times.sort((a, b) => a - b), lag };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One timing run on fresh endpoints: a rate-limited one and an unlimited one beside it. */
async function measure(run: number) {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const slow = await endpointFixture(svc, {
    url: `${rx.url}/limited-${run}`,
    rateLimit,
    filterTypes: ['comment.add'],
  });
  const fast = await endpointFixture(svc, {
    url: `${rx.url}/open-${run}`,
    filterTypes: ['comment.add'],
  });
  const texts = Array.from({ length: count }, (_, i) => `c${i}`);
  await slow.wh.addComments('org-1', texts);
  await fast.wh.addComments('org-1', texts);
  const limited = await arrivalsAt(`/limited-${run}`);
  const open = await arrivalsAt(`/open-${run}`);
  lag.disable();
  const { messages } = await slow.wh.messages(slow.ep.id, { limit: 100 });
  const sent = messages
    .map((m) => Date.parse(m.attempts[0]?.attemptedAt ?? ''))
    .sort((a, b) => a - b);
  const stall = Math.max(lag.max / 1e6, limited.lag, open.lag);
  return { times: limited.times, open: open.times, sent, stall };
}

it('paces a rateLimit: 20 endpoint at 20 deliveries per second (±10 %), the others unhindered', async () => {
  // On a machine busy with other test files, a process can stall long enough to make any
  // timing meaningless; such a run is repeated, and reported if every run stalled.
  let result = await measure(0);
  for (let run = 1; run < 3 && result.stall > starvedMs; run++) result = await measure(run);
  const { times, open, sent, stall } = result;

  expect(times).toHaveLength(count);
  expect(open).toHaveLength(count);
  expect(open.at(-1), 'the unlimited endpoint is not held back').toBeLessThan(
    times[Math.floor(count / 2)] ?? 0,
  );
  // No burst: the service never starts more than rateLimit attempts in any second (less 1 ms:
  // the log's time is read just after the wall clock that the limit counts with).
  expect(sent).toHaveLength(count);
  for (const t of sent) {
    expect(sent.filter((u) => u >= t && u < t + 999).length).toBeLessThanOrEqual(rateLimit);
  }
  // The rate where it is received, in a process of its own.
  const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
  const rate = (count - 1) / (((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000);
  const context = `longest stall ${stall.toFixed(0)} ms; gaps ${gaps.join(' ')}`;
  expect(rate, context).toBeGreaterThan(rateLimit * 0.9);
  expect(rate, context).toBeLessThan(rateLimit * 1.1);
}, 40_000);
