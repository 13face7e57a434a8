import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JsonSchemaNode } from '#contract/json-schema';
import { fieldRows, shapeText, typeName } from './schema-summary';

const toJson = (schema: z.ZodType, io: 'input' | 'output' = 'input') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchemaNode;

const request = z.object({
  organizationId: z.string().min(1).max(128),
  pageSize: z.number().int().min(1).max(1000).optional(),
  status: z.enum(['open', 'closed']).optional(),
  folders: z
    .array(z.object({ folderId: z.string().min(1), accessType: z.enum(['public', 'restricted']) }))
    .min(1)
    .max(1000),
  metadata: z.record(z.string(), z.string()).optional(),
});

describe('fieldRows', () => {
  it('lists each field with its type, whether it is required, and its rules in words', () => {
    const rows = fieldRows(toJson(request));
    expect(rows).toEqual([
      { name: 'organizationId', type: 'string', required: true, rules: ['length 1–128'] },
      { name: 'pageSize', type: 'integer', required: false, rules: ['value 1–1000'] },
      { name: 'status', type: '"open" | "closed"', required: false, rules: [] },
      { name: 'folders', type: 'object[]', required: true, rules: ['items 1–1000'] },
      { name: 'folders[].folderId', type: 'string', required: true, rules: ['length ≥ 1'] },
      {
        name: 'folders[].accessType',
        type: '"public" | "restricted"',
        required: true,
        rules: [],
      },
      { name: 'metadata', type: 'map of string', required: false, rules: [] },
    ]);
  });

  it('answers no rows for a schema that is not an object', () => {
    expect(fieldRows(toJson(z.string()))).toEqual([]);
  });
});

describe('typeName and shapeText', () => {
  it('names unions, nullables and arrays', () => {
    expect(typeName(toJson(z.string().nullable()))).toBe('string | null');
    expect(typeName(toJson(z.array(z.union([z.string(), z.number()]))))).toBe(
      '(string | number)[]',
    );
  });

  it('outlines an answer with optional fields marked', () => {
    const answer = z.object({
      data: z.array(z.object({ id: z.string(), tags: z.array(z.string()).optional() })),
      nextPageToken: z.string().nullable(),
    });
    expect(shapeText(toJson(answer, 'output'))).toBe(
      [
        '{',
        '  data: {',
        '    id: string;',
        '    tags?: string[];',
        '  }[];',
        '  nextPageToken: string | null;',
        '}',
      ].join('\n'),
    );
  });
});
