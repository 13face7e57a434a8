import fc from 'fast-check';
import type { AnyEndpoint } from '#contract/endpoint';
import type { Db } from '../db/db';
import { type FuzzBody, hostileBodies } from './hostile-bodies';
import { type Verdict, judge, sendBody } from './fuzz-judge';
import { WriteWatch } from './write-watch';

/** Where and as whom one endpoint is fuzzed. */
export interface FuzzTarget {
  url: string;
  db: Db;
  headers: Record<string, string>;
  /** Valid `data` values to mutate, with the ids of rows that exist. */
  samples: readonly unknown[];
}

export interface FuzzOptions {
  runs: number;
  seed?: number;
  /** A call answered later than this is a hang. */
  timeoutMs: number;
  /** Stop at the first failure and let fast-check shrink it (tests), or count every one (bench). */
  stopAtFailure: boolean;
}

/** What one endpoint's batch gave. */
export interface FuzzTally {
  endpoint: string;
  tried: number;
  refused: number;
  accepted: number;
  serverErrors: number;
  hangs: number;
  badEnvelopes: number;
  partialWrites: number;
  /** The first failures, each naming the endpoint and the body. */
  failures: string[];
}

/**
 * Whether a body passes the contract's own check, so that it reaches the module's rules and may
 * be accepted; any other body must be refused by the schema before anything is written.
 */
function passesContract(e: AnyEndpoint, body: unknown): boolean {
  if (body !== null && (typeof body !== 'object' || Array.isArray(body))) return false;
  const data = body === null ? undefined : (body as { data?: unknown }).data;
  return e.request.safeParse(data).success;
}

const shown = (b: FuzzBody) => {
  const text = JSON.stringify(b.body) ?? 'undefined';
  return `${b.how}: ${text.length > 400 ? `${text.slice(0, 400)}… (${text.length} characters)` : text}`;
};

/**
 * Sends hostile bodies to one endpoint. Every answer must be a 4xx error envelope or a success,
 * never a 5xx or a hang, and a body the contract refuses must be refused. Writes are checked with
 * table snapshots (WriteWatch): bodies that the contract already refuses are checked together, in
 * batches between two bodies that pass it, and those one by one, since some of them are accepted
 * and write; a batch that wrote is sent again body by body to name the one that did.
 */
export async function fuzzEndpoint(
  e: AnyEndpoint,
  target: FuzzTarget,
  options: FuzzOptions,
): Promise<FuzzTally> {
  const tally: FuzzTally = {
    endpoint: e.name,
    tried: 0,
    refused: 0,
    accepted: 0,
    serverErrors: 0,
    hangs: 0,
    badEnvelopes: 0,
    partialWrites: 0,
    failures: [],
  };
  const fail = (message: string) => {
    if (tally.failures.length < 5) tally.failures.push(message);
    if (options.stopAtFailure) throw new Error(message);
  };
  const send = async (b: FuzzBody): Promise<Verdict> =>
    judge(e, await sendBody(target.url, e, target.headers, b.body, options.timeoutMs));
  const watch = await WriteWatch.start(target.db);
  let unchecked: FuzzBody[] = [];

  /** Checks the refused bodies since the last look; when they wrote, sends each again to name it. */
  const settle = async () => {
    if (unchecked.length === 0) return;
    const batch = unchecked;
    unchecked = [];
    const changed = await watch.changes();
    if (changed.length === 0) return;
    tally.partialWrites += 1;
    for (const b of batch) {
      await send(b);
      const wrote = await watch.changes();
      if (wrote.length > 0) {
        return fail(`${e.name}: a refused call wrote to ${wrote.join(', ')}; body ${shown(b)}`);
      }
    }
    fail(
      `${e.name}: one of ${batch.length} refused calls wrote to ${changed.join(', ')}; first ${shown(batch[0] as FuzzBody)}`,
    );
  };

  const check = async (b: FuzzBody) => {
    tally.tried += 1;
    const reachesRules = passesContract(e, b.body);
    if (reachesRules) await settle();
    const verdict = await send(b);
    const at = `${e.name}: ${verdict.outcome} (HTTP ${verdict.status ?? '–'}) ${verdict.detail}; body ${shown(b)}`;
    switch (verdict.outcome) {
      case 'server-error':
        tally.serverErrors += 1;
        return fail(at);
      case 'hang':
        tally.hangs += 1;
        return fail(at);
      case 'bad-envelope':
        tally.badEnvelopes += 1;
        return fail(at);
      case 'accepted':
        tally.accepted += 1;
        if (!reachesRules) return fail(`${e.name}: accepted a body its contract refuses; ${at}`);
        // What it wrote is allowed: the next look starts from here.
        await watch.changes();
        return;
      case 'refused': {
        tally.refused += 1;
        if (!reachesRules) {
          unchecked.push(b);
          return;
        }
        const wrote = await watch.changes();
        if (wrote.length > 0) {
          tally.partialWrites += 1;
          return fail(`${e.name}: a refused call wrote to ${wrote.join(', ')}; ${at}`);
        }
      }
    }
  };

  const bodies = hostileBodies(e, target.samples);
  const params = {
    numRuns: options.runs,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  };
  if (options.stopAtFailure) {
    await fc.assert(fc.asyncProperty(bodies, check), { ...params, endOnFailure: false });
  } else {
    for (const b of fc.sample(bodies, params)) await check(b);
  }
  await settle();
  return tally;
}
