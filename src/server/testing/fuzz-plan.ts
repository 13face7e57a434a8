import type { AnyEndpoint } from '#contract/endpoint';
import { adminCases } from '#contract/testing/admin-cases';
import { dataCases } from '#contract/testing/data-cases';

/** The contract's valid sample requests of an endpoint, the fuzzer's starting points. */
export function samplesOf(e: AnyEndpoint): readonly unknown[] {
  return (adminCases[e.name] ?? dataCases[e.name])?.valid ?? [];
}

/**
 * The endpoints in the order to fuzz them on one seeded workspace: the ones that delete run
 * last, and Delete Organizations, which takes every seeded row with it, after all of them, so
 * that the endpoints before still find the seeded rows that their requests are about.
 */
export function fuzzOrder(endpoints: readonly AnyEndpoint[]): AnyEndpoint[] {
  const rank = (e: AnyEndpoint) =>
    e.name === 'Delete Organizations' ? 2 : /delete|erase/i.test(e.name) ? 1 : 0;
  return [...endpoints].sort((a, b) => rank(a) - rank(b));
}
