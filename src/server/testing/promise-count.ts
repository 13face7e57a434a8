import { createHook } from 'node:async_hooks';

/** The promises made while `work` runs, this counting's own included. */
async function counted(work: () => Promise<unknown>): Promise<number> {
  let made = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === 'PROMISE') made++;
    },
  });
  hook.enable();
  try {
    await work();
  } finally {
    hook.disable();
  }
  return made;
}

/**
 * The promises made, anywhere in this process, while `work` runs (less the counting's own and an
 * empty async function's): each costs an allocation, a microtask and (on Node 20, while
 * async_hooks are on) a hook call. Request-path tests count them as the query-plan tests count
 * statements (issue 33).
 */
export async function promisesMadeBy(work: () => Promise<unknown>): Promise<number> {
  const own = await counted(() => Promise.resolve());
  return (await counted(work)) - own;
}

/**
 * The fewest promises of `runs` runs of `work`: the hook counts every promise of the process, so
 * a timer of the service that fires during one run adds its own to that run's count.
 */
export async function fewestPromisesMadeBy(
  work: () => Promise<unknown>,
  runs: number,
): Promise<number> {
  let fewest = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) fewest = Math.min(fewest, await promisesMadeBy(work));
  return fewest;
}
