import { z } from 'zod';
import {
  type JsonSchemaDocument,
  type JsonSchemaNode,
  jsonSchemaDocument,
} from '#contract/json-schema';

/**
 * The JSON Schema of what a request schema accepts as input, walked with the contract's
 * `json-schema.ts`. Refinements and transforms have no JSON Schema form and are left out ('any'):
 * the fuzzer reaches them by mutating valid samples.
 */
export function requestSchemaOf(schema: z.ZodType): JsonSchemaDocument {
  const root = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  }) as JsonSchemaNode;
  return jsonSchemaDocument(root);
}
