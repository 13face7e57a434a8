import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonSchemaNode } from '#contract/json-schema';
import { requestData, tryFields } from './try-fields';

const schema = z.toJSONSchema(
  z.object({
    organizationId: z.string().min(1),
    pageSize: z.number().int().max(100).optional(),
    disabled: z.boolean().optional(),
    sort: z.enum(['asc', 'desc']).optional(),
    ids: z.array(z.string()).optional(),
  }),
  { io: 'input', unrepresentable: 'any' },
) as JsonSchemaNode;

describe('tryFields', () => {
  it('gives each field the input its type needs', () => {
    expect(tryFields(schema).map((f) => [f.name, f.kind, f.required, f.choices])).toEqual([
      ['organizationId', 'text', true, []],
      ['pageSize', 'number', false, []],
      ['disabled', 'boolean', false, []],
      ['sort', 'choice', false, ['asc', 'desc']],
      ['ids', 'json', false, []],
    ]);
    expect(tryFields(schema)[1]?.hint).toBe('integer · value ≤ 100');
  });
});

describe('requestData', () => {
  const fields = tryFields(schema);
  it('reads each value as its type and leaves empty ones out', () => {
    expect(
      requestData(fields, {
        organizationId: ' org-1 ',
        pageSize: '20',
        disabled: 'false',
        sort: '',
        ids: '["a", "b"]',
      }),
    ).toEqual({
      data: { organizationId: 'org-1', pageSize: 20, disabled: false, ids: ['a', 'b'] },
      problems: {},
    });
  });

  it('names the fields it cannot read', () => {
    expect(requestData(fields, { pageSize: 'ten', ids: '[a' }).problems).toEqual({
      pageSize: 'must be a number',
      ids: 'must be JSON (a list in [ ], an object in { }, a quoted string)',
    });
  });
});
