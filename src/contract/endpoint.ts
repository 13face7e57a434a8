import { z } from 'zod';
import type { Area } from './areas';
import type { ErrorStatus } from './errors';
import type { Access } from './roles';

/**
 * What a call must present: nothing; a workspace's credentials (its token, or a member's session
 * with the workspace's id); an API key's (its token, or a member's session with the workspace's and
 * the key's ids); or a session alone, for the endpoints about the signed-in person.
 */
export type AuthLevel = 'public' | 'workspace' | 'apiKey' | 'session';

/**
 * A: `{ result: { status, message, data, [pageField] } }`
 * B: `{ result: <data> }`
 * C: `{ status, message, data, statusCode }` with HTTP 202
 */
export type EnvelopeKind = 'A' | 'B' | 'C';

export type PageField = 'pageToken' | 'nextPageToken';

export interface EndpointDef<
  Req extends z.ZodType,
  Data extends z.ZodType,
  Auth extends AuthLevel = AuthLevel,
  DryRun extends z.ZodType | undefined = z.ZodType | undefined,
  Envelope extends EnvelopeKind = EnvelopeKind,
> {
  /** Name as the specification or DESIGN.md writes it. */
  name: string;
  path: `/${string}`;
  /**
   * A second path of the same endpoint: the hosted product's newer one, where the specification
   * names another (DESIGN.md § Workspace services, "Newer paths"). Served by the same handler,
   * listed in `/openapi.json` beside the first.
   */
  alsoAt?: `/${string}`;
  auth: Auth;
  envelope: Envelope;
  /** Schema of the request's `data` object. */
  request: Req;
  /** Schema of `data` (envelopes A and C) or of `result` (envelope B). */
  data: Data;
  /** Envelope A only: the name of the page-token field beside `data`. */
  pageField?: PageField;
  /**
   * The last page leaves the page-token field out instead of answering it `null`: the hosted
   * product's OpenAPI types the field as a string, so a client generated from it refuses a null.
   * Without it the last page answers `null`, as the specification shows for Get All User Data.
   */
  pageTokenOmittedAtEnd?: true;
  /** Error statuses the endpoint can answer besides the common auth and validation ones. */
  errors: readonly ErrorStatus[];
  /**
   * The request's `organizationId` must name an organization the API key holds (added, or created
   * by the call's own `createOrganization`): an unknown one is INVALID_ARGUMENT `Organization <id>
   * does not exist.`, as the specification answers on its data endpoints. Without it, an
   * endpoint takes the organization ids the client SDK's data names, registered or not.
   */
  organizationMustExist?: true;
  /** True for endpoints that DESIGN.md adds to the specification. */
  extension?: boolean;
  /**
   * The error envelope also carries a numeric `code` (the HTTP status), as the specification
   * says of Get All User Data alone.
   */
  numericErrorCode?: boolean;
  /**
   * The area that owns the endpoint (areas.ts), whose module binds it: the same name names the
   * server module and the console feature.
   */
  area: Area;
  /**
   * The endpoint also answers a dry run: a request whose `dryRun` field is true changes nothing
   * and is answered in envelope A (HTTP 200) with this data, what the call would have done.
   */
  dryRun?: DryRun;
  /**
   * A write call: the binding runs it in one transaction with its audit entry, so that every
   * change it commits is recorded and nothing is recorded of a change that did not commit.
   */
  write?: true;
  /**
   * What the endpoint asks of a member signed in with a session, and the secrets its answer
   * carries (roles.ts; role-table.ts derives the role table from it).
   */
  access?: Access;
}

export type AnyEndpoint = EndpointDef<z.ZodType, z.ZodType>;

/** Every path the endpoint is served at: its own, then the hosted product's newer one if any. */
export function pathsOf(e: AnyEndpoint): readonly `/${string}`[] {
  return e.alsoAt === undefined ? [e.path] : [e.path, e.alsoAt];
}

export function endpoint<
  Req extends z.ZodType,
  Data extends z.ZodType,
  Auth extends AuthLevel,
  DryRun extends z.ZodType | undefined = undefined,
  Envelope extends EnvelopeKind = EnvelopeKind,
>(
  def: EndpointDef<Req, Data, Auth, DryRun, Envelope>,
): EndpointDef<Req, Data, Auth, DryRun, Envelope> {
  return def;
}

export type RequestOf<E extends AnyEndpoint> = z.input<E['request']>;
export type ParsedRequestOf<E extends AnyEndpoint> = z.output<E['request']>;
export type DataOf<E extends AnyEndpoint> = z.output<E['data']>;
/** What a dry run of the endpoint answers; never for endpoints without one. */
export type DryRunDataOf<E extends AnyEndpoint> = [NonNullable<E['dryRun']>] extends [never]
  ? never
  : z.output<NonNullable<E['dryRun']>>;

/** Whether a parsed request asks for a dry run of an endpoint that has one. */
export function isDryRun(e: AnyEndpoint, request: unknown): boolean {
  return (
    e.dryRun !== undefined &&
    typeof request === 'object' &&
    request !== null &&
    (request as { dryRun?: unknown }).dryRun === true
  );
}

/** What a call answers once the envelope is unwrapped, the same on both sides. */
export interface Answer<D> {
  data: D;
  message: string;
  /** The page-token field of envelope A, when the endpoint pages. */
  pageToken?: string | null;
}

export const successMessage = 'Success';

/** The whole success body of an endpoint, as it travels on the wire. */
export function responseSchema(e: AnyEndpoint): z.ZodType {
  switch (e.envelope) {
    case 'A': {
      const result: Record<string, z.ZodType> = {
        status: z.literal('success'),
        message: z.string(),
        data: e.data,
      };
      if (e.pageField) result[e.pageField] = z.string().nullable().optional();
      return z.object({ result: z.object(result) });
    }
    case 'B':
      return z.object({ result: e.data });
    case 'C':
      return z.object({
        status: z.literal('success'),
        message: z.string(),
        data: e.data,
        statusCode: z.literal(202),
      });
  }
}

/** The success body of a dry run: envelope A around the endpoint's dry-run data. */
export function dryRunResponseSchema(e: AnyEndpoint & { dryRun: z.ZodType }): z.ZodType {
  return z.object({
    result: z.object({ status: z.literal('success'), message: z.string(), data: e.dryRun }),
  });
}

/** The HTTP status of a success: 202 for envelope C, 200 otherwise and for every dry run. */
export function successCode(e: AnyEndpoint, dryRun = false): 200 | 202 {
  return e.envelope === 'C' && !dryRun ? 202 : 200;
}

/** The request body: `{ data }`, where `data` may be absent when the endpoint takes no fields. */
export function requestBodySchema(e: AnyEndpoint): z.ZodType {
  return z.object({ data: e.request });
}

/**
 * Turns the wire body of a success into an Answer; the console uses it on every response. A dry
 * run's answer is envelope A around the dry-run data.
 */
export function unwrapSuccess(e: AnyEndpoint, body: unknown, dryRun = false): Answer<unknown> {
  if (dryRun && e.dryRun) {
    const { result } = dryRunResponseSchema({ ...e, dryRun: e.dryRun }).parse(body) as {
      result: { data: unknown; message: string };
    };
    return { data: result.data, message: result.message };
  }
  const parsed = responseSchema(e).parse(body) as Record<string, unknown>;
  if (e.envelope === 'B') return { data: parsed.result, message: successMessage };
  const holder = (e.envelope === 'A' ? parsed.result : parsed) as Record<string, unknown>;
  const answer: Answer<unknown> = { data: holder.data, message: String(holder.message) };
  if (e.pageField) answer.pageToken = (holder[e.pageField] as string | null | undefined) ?? null;
  return answer;
}
