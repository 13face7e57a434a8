import { z } from 'zod';
import { type AnyEndpoint, responseSchema, successCode } from '#contract/endpoint';
import { type ErrorStatus, errorHttpStatus } from '#contract/errors';
import { withDescriptions } from '#contract/descriptions';
import { folderSchema } from '#contract/folders';
import type { JsonSchemaNode } from '#contract/json-schema';
import { type FieldRow, fieldRows, shapeText } from './schema-summary';
import { type TryField, tryFields } from './try-fields';

export interface EndpointDocs {
  fields: FieldRow[];
  tryFields: TryField[];
  /** The success answer's shape, whole envelope. */
  answer: string;
  successStatus: number;
  errors: { status: ErrorStatus; http: number }[];
}

const envelopes = {
  A: '`{ result: { status, message, data } }`, HTTP 200',
  B: '`{ result: <data> }`, HTTP 200',
  C: '`{ status, message, data, statusCode }`, HTTP 202',
} as const;
export const envelopeText = (endpoint: AnyEndpoint) => envelopes[endpoint.envelope];

/** The recursive schemas, named as the OpenAPI document names them, instead of `__schema0`. */
const named = z.registry<{ id: string }>();
named.add(folderSchema, { id: 'Folder' });

// The schema's own method rather than z.toJSONSchema: zod's chunk rides in the console's first
// load, and only the standalone function would add to it.
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchemaNode {
  return schema.toJSONSchema({
    io,
    unrepresentable: 'any',
    metadata: named,
    override: withDescriptions,
  }) as JsonSchemaNode;
}

/** The statuses an endpoint may answer: the checks every call gets, then its own. */
function errorsOf(endpoint: AnyEndpoint): EndpointDocs['errors'] {
  const statuses = new Set<ErrorStatus>(['INVALID_ARGUMENT']);
  if (endpoint.auth !== 'public') {
    statuses.add('UNAUTHENTICATED');
    statuses.add('PERMISSION_DENIED');
    // Too many refused credentials from an address, or against one credential id.
    statuses.add('RESOURCE_EXHAUSTED');
  }
  for (const status of endpoint.errors) statuses.add(status);
  return [...statuses].map((status) => ({ status, http: errorHttpStatus[status] }));
}

const cache = new WeakMap<AnyEndpoint, EndpointDocs>();

/** What the reference says of an endpoint, from its contract; worked out once, when first shown. */
export function endpointDocs(endpoint: AnyEndpoint): EndpointDocs {
  const known = cache.get(endpoint);
  if (known) return known;
  const request = jsonSchema(endpoint.request, 'input');
  const docs: EndpointDocs = {
    fields: fieldRows(request),
    tryFields: tryFields(request),
    answer: shapeText(jsonSchema(responseSchema(endpoint), 'output')),
    successStatus: successCode(endpoint),
    errors: errorsOf(endpoint),
  };
  cache.set(endpoint, docs);
  return docs;
}
