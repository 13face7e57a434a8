import type { Reply } from '#contract/client';

/** A failure that shows what came instead of a 200. */
function unexpected(reply: Reply): Error {
  return new Error(`expected 200, got ${reply.status} ${JSON.stringify(reply.body)}`);
}

/** The `result` of a 200 reply (envelope B's answer), or a failure showing what came instead. */
export function resultOf<R>(reply: Reply<{ result?: R }>): R {
  if (reply.status !== 200 || reply.body.result === undefined) throw unexpected(reply);
  return reply.body.result;
}

/** The `result.data` of a 200 envelope-A reply, or a failure showing what came instead. */
export function dataOf<D>(reply: Reply<{ result?: { data: D } }>): D {
  return resultOf(reply).data;
}
