import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { updateApiKeyConfigRequest } from '#contract/api-keys';
import { allEndpoints } from '#contract/endpoints';
import { fastCheck, unsure } from './request-fast-path';

/** Values of every JSON kind, and the strings of every enum of the contract's requests. */
function valuePool(schema: z.ZodType, into: Set<unknown>): void {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.type === 'enum') for (const v of Object.values(def.entries as object)) into.add(v);
  for (const key of ['innerType', 'element', 'in', 'out']) {
    const inner = def[key] as z.ZodType | undefined;
    if (inner?._zod) valuePool(inner, into);
  }
  const shape = def.shape as Record<string, z.ZodType> | undefined;
  if (shape) for (const field of Object.values(shape)) valuePool(field, into);
}

const plainValues: unknown[] = [
  true,
  false,
  0,
  1,
  1.5,
  '',
  'x',
  ' ',
  'a'.repeat(300),
  null,
  [],
  {},
  ['x'],
  { x: 1 },
];

/** Inputs for an object schema: each field alone with each value, all fields at once, extras. */
function inputsFor(schema: z.ZodType): unknown[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const objectSchema = def.type === 'prefault' ? (def.innerType as z.ZodType) : schema;
  const shape = (objectSchema as unknown as { _zod: { def: { shape?: object } } })._zod.def.shape;
  const pool = new Set<unknown>(plainValues);
  valuePool(schema, pool);
  const values = [...pool];
  const inputs: unknown[] = [undefined, null, [], 'x', 1, {}, { unknownField: 1 }];
  inputs.push(JSON.parse('{"__proto__": {"x": 1}}'));
  const keys = Object.keys(shape ?? {});
  for (const key of keys) for (const value of values) inputs.push({ [key]: value });
  // Every field with each value in turn, the others with the first value their check accepts.
  for (const value of values) inputs.push(Object.fromEntries(keys.map((key) => [key, value])));
  for (const value of values) {
    const all = Object.fromEntries(keys.map((key) => [key, value]));
    inputs.push({ ...all, unknownField: value });
  }
  return inputs;
}

describe('the fast check of a request', () => {
  for (const e of allEndpoints) {
    const fast = fastCheck(e.request);
    if (!fast) continue;
    it(`answers what zod answers, or leaves it to zod: ${e.name}`, () => {
      for (const input of inputsFor(e.request)) {
        const output = fast(input);
        if (output === unsure) continue;
        const parsed = e.request.safeParse(input);
        expect(parsed.success, JSON.stringify(input)).toBe(true);
        expect(output).toStrictEqual(parsed.data);
        // The same keys in the same order (the audit entry and the echo read them in order).
        expect(JSON.stringify(output)).toBe(JSON.stringify(parsed.data));
      }
    });
  }

  it('vouches for a settings update of the usual shape', () => {
    const fast = fastCheck(updateApiKeyConfigRequest);
    const input = { defaultDocumentAccessType: 'restricted', requireJwtToken: true };
    expect(fast?.(input)).toStrictEqual(updateApiKeyConfigRequest.parse(input));
    // Nothing to update is refused by the schema's refinement: zod gives the message.
    expect(fast?.({})).toBe(unsure);
    expect(fast?.({ requireJwtToken: 'yes' })).toBe(unsure);
    expect(fast?.({ requireJwtToken: true, other: 1 })).toBe(unsure);
  });
});
