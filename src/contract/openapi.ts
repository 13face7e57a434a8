import { z } from 'zod';
import { type AnyEndpoint, requestBodySchema, responseSchema } from './endpoint';
import { allEndpoints } from './endpoints';
import { errorEnvelopeSchema, errorHttpStatus } from './errors';

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  delete out.$schema;
  return out;
}

const security: Record<AnyEndpoint['auth'], JsonObject[]> = {
  public: [],
  workspace: [{ workspaceId: [], workspaceAuthToken: [] }],
  apiKey: [{ apiKey: [], authToken: [] }],
};

function operation(e: AnyEndpoint): JsonObject {
  const successCode = e.envelope === 'C' ? '202' : '200';
  const errorCodes = new Set<number>([400, 405]);
  if (e.auth !== 'public') [401, 403, 404].forEach((c) => errorCodes.add(c));
  for (const status of e.errors) errorCodes.add(errorHttpStatus[status]);
  errorCodes.add(500);
  const responses: JsonObject = {
    [successCode]: {
      description: `Success (envelope ${e.envelope})`,
      content: { 'application/json': { schema: jsonSchema(responseSchema(e), 'output') } },
    },
  };
  for (const code of [...errorCodes].sort()) {
    responses[String(code)] = { $ref: '#/components/responses/Error' };
  }
  return {
    operationId: e.name.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) =>
      c ? c.toUpperCase() : '',
    ),
    summary: e.name,
    tags: [e.area],
    ...(e.extension ? { 'x-extension': true } : {}),
    security: security[e.auth],
    requestBody: {
      required: false,
      content: { 'application/json': { schema: jsonSchema(requestBodySchema(e), 'input') } },
    },
    responses,
  };
}

/** The OpenAPI 3.1 description of every endpoint, generated from the contract. */
export function buildOpenApiDocument(): JsonObject {
  const paths: JsonObject = {};
  for (const e of allEndpoints) paths[e.path] = { post: operation(e) };
  const header = (name: string) => ({ type: 'apiKey', in: 'header', name });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workspace Administration and Collaboration Data REST API',
      version: '2.0.0',
      description:
        'Every endpoint is POST with a JSON body `{ data }`. Operations marked x-extension are additions of this implementation.',
    },
    paths,
    components: {
      securitySchemes: {
        workspaceId: header('x-svc-workspace-id'),
        workspaceAuthToken: header('x-svc-workspace-auth-token'),
        apiKey: header('x-svc-api-key'),
        authToken: header('x-svc-auth-token'),
      },
      responses: {
        Error: {
          description: 'Error envelope',
          content: { 'application/json': { schema: jsonSchema(errorEnvelopeSchema, 'output') } },
        },
      },
    },
  };
}
