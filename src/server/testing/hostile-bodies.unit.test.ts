import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allEndpoints } from '#contract/endpoints';
import { samplesOf } from './fuzz-plan';
import { hostileBodies } from './hostile-bodies';

const passes = (schema: { safeParse(v: unknown): { success: boolean } }, body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  !Array.isArray(body) &&
  schema.safeParse((body as { data?: unknown }).data).success;

const depthOf = (v: unknown): number =>
  typeof v === 'object' && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;

describe.each(allEndpoints.map((e) => [e.name, e] as const))('hostile bodies of %s', (_n, e) => {
  it('get past the contract often enough to reach the rules, and are refused by it at least a tenth of the time', () => {
    const bodies = fc.sample(hostileBodies(e, samplesOf(e)), { numRuns: 100, seed: 7 });
    const passing = bodies.filter((b) => passes(e.request, b.body)).length;
    expect(passing).toBeGreaterThanOrEqual(5);
    expect(bodies.length - passing).toBeGreaterThanOrEqual(10);
  });
});

it('include prototype keys, nesting past the limit, huge values and wrong wrappers', () => {
  const e = allEndpoints.find((x) => x.name === 'Add Organizations');
  if (!e) throw new Error('no Add Organizations');
  const bodies = fc.sample(hostileBodies(e, samplesOf(e)), { numRuns: 1000, seed: 7 });
  const texts = bodies.map((b) => JSON.stringify(b.body) ?? '');
  expect(texts.some((t) => t.includes('"__proto__":'))).toBe(true);
  expect(texts.some((t) => t.includes('"constructor":'))).toBe(true);
  expect(texts.some((t) => t.length > 60_000)).toBe(true);
  expect(texts.some((t) => t.includes('\\u0000'))).toBe(true);
  expect(bodies.some((b) => depthOf(b.body) > 32)).toBe(true);
  expect(bodies.some((b) => b.how === 'body not an object')).toBe(true);
  expect(bodies.some((b) => b.how.startsWith('remove '))).toBe(true);
});
