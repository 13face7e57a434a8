import { z } from 'zod';
import { credentialHeaders, sessionCookieName } from './credentials';
import {
  type AnyEndpoint,
  dryRunResponseSchema,
  requestBodySchema,
  responseSchema,
  successCode,
} from './endpoint';
import { idReferenceRule, idRule, withDescriptions } from './descriptions';
import { allEndpoints } from './endpoints';
import { errorEnvelopeSchema, errorHttpStatus, formRefusalHttpStatuses } from './errors';
import { folderSchema } from './folders';

type JsonObject = Record<string, unknown>;

/**
 * Names for the schemas that must be emitted once and referenced: the recursive ones. A registry of
 * this module, not zod's global one, so re-evaluating a contract module (Vite HMR) cannot clash.
 */
const named = z.registry<{ id: string }>();
named.add(folderSchema, { id: 'Folder' });

/**
 * A JSON Schema converted alone refers to its own `$defs` as `#/$defs/…`, which inside the
 * OpenAPI document would resolve against the document root; such definitions are moved to
 * `components.schemas` and their references rewritten.
 */
function hoistDefs(schema: JsonObject, components: JsonObject): JsonObject {
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  delete schema.$defs;
  const rename = new Map<string, string>();
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (typeof node !== 'object' || node === null) return node;
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] =
        key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
          ? `#/components/schemas/${rename.get(value.slice('#/$defs/'.length)) ?? value.slice('#/$defs/'.length)}`
          : rewrite(value);
    }
    return out;
  };
  // The same name from another conversion is reused when it is the same schema, else numbered.
  for (const [name, def] of Object.entries(defs)) {
    let target = name;
    for (let n = 2; ; n++) {
      rename.set(name, target);
      if (!(target in components) || sameJson(components[target], rewrite(def))) break;
      target = `${name}${n}`;
    }
  }
  for (const [name, def] of Object.entries(defs)) {
    components[rename.get(name) ?? name] = rewrite(def);
  }
  return rewrite(schema) as JsonObject;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output', components: JsonObject): JsonObject {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    metadata: named,
    override: withDescriptions,
  });
  delete out.$schema;
  return hoistDefs(out, components);
}

// Each level's alternatives: its tokens, or a member's session cookie with the ids it acts on.
const security: Record<AnyEndpoint['auth'], JsonObject[]> = {
  public: [],
  workspace: [
    { workspaceId: [], workspaceAuthToken: [] },
    { workspaceId: [], session: [] },
  ],
  apiKey: [
    { apiKey: [], authToken: [] },
    { workspaceId: [], apiKey: [], session: [] },
  ],
  session: [{ session: [] }],
};

function operation(e: AnyEndpoint, components: JsonObject): JsonObject {
  const success = String(successCode(e));
  const errorCodes = new Set<number>([400, ...formRefusalHttpStatuses]);
  // Refused credentials are limited on every authenticated endpoint (429).
  if (e.auth !== 'public') [401, 403, 404, 429].forEach((c) => errorCodes.add(c));
  for (const status of e.errors) errorCodes.add(errorHttpStatus[status]);
  errorCodes.add(500);
  const responses: JsonObject = {
    [success]: {
      description: `Success (envelope ${e.envelope})`,
      content: {
        'application/json': { schema: jsonSchema(responseSchema(e), 'output', components) },
      },
    },
  };
  if (e.dryRun) {
    responses[String(successCode(e, true))] = {
      description: 'Dry run (`dryRun: true`, envelope A): what the call would do; nothing changes',
      content: {
        'application/json': {
          schema: jsonSchema(
            dryRunResponseSchema({ ...e, dryRun: e.dryRun }),
            'output',
            components,
          ),
        },
      },
    };
  }
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
      content: {
        'application/json': { schema: jsonSchema(requestBodySchema(e), 'input', components) },
      },
    },
    responses,
  };
}

/**
 * The operation at an endpoint's second path: the same request and answers, marked as the hosted
 * product's newer path of the specification's one (`x-newer-path-of`).
 */
function newerPathOperation(e: AnyEndpoint, post: JsonObject): JsonObject {
  return {
    ...post,
    operationId: `${String(post.operationId)}AtNewerPath`,
    description: `The hosted product's newer path of ${e.path}: the same endpoint, served at both.`,
    'x-newer-path-of': e.path,
  };
}

/** The OpenAPI 3.1 description of every endpoint, generated from the contract. */
export function buildOpenApiDocument(): JsonObject {
  const paths: JsonObject = {};
  const schemas: JsonObject = {};
  for (const e of allEndpoints) {
    const post = operation(e, schemas);
    paths[e.path] = { post };
    if (e.alsoAt) paths[e.alsoAt] = { post: newerPathOperation(e, post) };
  }
  const header = (name: string) => ({ type: 'apiKey', in: 'header', name });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workspace Administration and Collaboration Data REST API',
      version: '2.0.0',
      description: [
        'Every endpoint is POST with a JSON body `{ data }` in UTF-8, which may be compressed (Content-Encoding gzip, deflate or br; the body limit counts the decoded bytes). Operations marked x-extension are additions of this implementation.',
        `Identifiers. ${idRule()} ${idReferenceRule()} Every list filter (organizationIds, documentIds, userIds …) matches ids whole, never by part.`,
        `Names (of organizations, folders, documents, users, API keys …) are trimmed and may not hold control characters or line separators; each field gives its length.`,
      ].join('\n\n'),
    },
    paths,
    components: {
      schemas,
      securitySchemes: {
        workspaceId: header(credentialHeaders.workspaceId),
        workspaceAuthToken: header(credentialHeaders.workspaceToken),
        apiKey: header(credentialHeaders.apiKey),
        authToken: header(credentialHeaders.apiKeyToken),
        session: { type: 'apiKey', in: 'cookie', name: sessionCookieName },
      },
      responses: {
        Error: {
          description: 'Error envelope',
          content: {
            'application/json': { schema: jsonSchema(errorEnvelopeSchema, 'output', schemas) },
          },
        },
      },
    },
  };
}
