import type { FastifyRequest } from 'fastify';
import { credentialHeaders } from '#contract/credentials';
import type { AnyEndpoint, AuthLevel } from '#contract/endpoint';
import { mayCall, refusalMessage } from '#contract/role-table';
import type { Role } from '#contract/roles';
import { ServiceError } from './service-error';
import { sessionCookieOf } from './session-cookie';

/**
 * A credential that does not hold: an unknown workspace or API key, a wrong or replaced token, a
 * wrong, used or expired login code, a session that ended or names a workspace it is not a
 * member of. Counted against the caller's address and the credential id
 * (`credential-limits.ts`), unlike a missing header or a right credential that is suspended.
 */
export class CredentialRefused extends ServiceError {}

/** A person signed in with a session, as a call through it acts in the workspace it names. */
export interface Person {
  email: string;
  /** Their role in that workspace, read from `members` on this very request. */
  role: Role;
  sessionId: string;
}

/**
 * Who a call authenticated as, per level. A call with token headers has no `person`: a token
 * counts as the owner of its workspace (DESIGN.md § Team access).
 */
export interface AuthContexts {
  public: Record<string, never>;
  workspace: { workspaceId: string; person?: Person };
  apiKey: { workspaceId: string; apiKeyId: string; person?: Person };
  session: { email: string; sessionId: string };
}

/** Checks of a session cookie's token, each for the ids its call names. */
export interface SessionChecks {
  person(token: string): Promise<AuthContexts['session']>;
  workspace(token: string, workspaceId: string): Promise<AuthContexts['workspace']>;
  apiKey(token: string, workspaceId: string, apiKeyId: string): Promise<AuthContexts['apiKey']>;
}

/**
 * A check's answer: at once when what it needs is in memory, else once read. Every read of the
 * service is admitted this way, so each promise spared is spared on every request.
 */
export type Admitted<T> = T | Promise<T>;

/** Checks of the specification's token pairs. */
export interface TokenChecks {
  workspace(workspaceId: string, token: string): Admitted<AuthContexts['workspace']>;
  apiKey(apiKeyId: string, token: string): Admitted<AuthContexts['apiKey']>;
}

/** Checks presented credentials against storage; provided by the modules that own them. */
export interface CredentialChecks extends TokenChecks {
  session: SessionChecks;
}

/** What authentication needs: the checks, and the origins whose pages may use a session. */
export interface AuthGate {
  checks: CredentialChecks;
  /** `CORS_ORIGINS`: besides the service's own origin, the pages that may send its cookie. */
  sessionOrigins: ReadonlySet<string>;
}

/** The answers of session credentials that do not hold (docs: the wire decisions of sessions). */
export const sessionMessages = {
  signedOut: 'Not signed in. Sign in first.',
  expired: 'Session expired. Sign in again.',
  notMember: 'You are not a member of this workspace. Sign in again.',
  notJson: 'A session counts only on a JSON request (Content-Type: application/json).',
  foreignOrigin: (origin: string) =>
    `The origin ${origin} may not use a session: it is neither this service's origin nor in CORS_ORIGINS.`,
  sessionOnly: (e: AnyEndpoint) =>
    `${e.name} answers for a signed-in person: call it with a session, not a token.`,
} as const;

export const headers = credentialHeaders;

export function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.trim() !== '' ? text.trim() : undefined;
}

function required(req: FastifyRequest, name: string, message: string): string {
  const value = header(req, name);
  if (!value) throw new ServiceError('INVALID_ARGUMENT', message);
  return value;
}

const missingWorkspace = 'Workspace ID not found in headers.';
const missingApiKey = 'API key not found in headers.';
const missingToken = 'Auth Token not found in headers.';

/** The origin the request was sent to, as a browser writes it in `Origin`. */
function ownOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host.toLowerCase()}`;
}

/**
 * The session cookie's token, when the request may use it. A browser sends the cookie with every
 * request to this site, a page of another site's too (a form post, a fetch without CORS): the
 * cookie counts only on a request that such a page cannot make, that is one with a JSON body (and
 * on workspace and API-key endpoints an `x-svc-…` id header, asked for below), which a browser
 * sends across origins only after a preflight, and from a page of this service's own origin or
 * of one listed in CORS_ORIGINS (SameSite=Strict keeps other sites' requests from carrying it
 * at all).
 */
function sessionToken(req: FastifyRequest, gate: AuthGate): string | undefined {
  const token = sessionCookieOf(req);
  if (token === undefined) return undefined;
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(req) && !gate.sessionOrigins.has(origin)) {
    throw new ServiceError('PERMISSION_DENIED', sessionMessages.foreignOrigin(origin));
  }
  const type = req.headers['content-type']?.trim().toLowerCase() ?? '';
  if (!type.startsWith('application/json')) {
    throw new ServiceError('PERMISSION_DENIED', sessionMessages.notJson);
  }
  return token;
}

/**
 * Who the request's credentials say it is, at the endpoint's level. Token headers, when present,
 * decide as the specification says and the cookie is ignored; without them a session cookie
 * with the ids the call names stands in (DESIGN.md § Team access). A refusal is thrown at once
 * or rejected later, as the check decides.
 */
export function authenticate<L extends AuthLevel>(
  level: L,
  req: FastifyRequest,
  gate: AuthGate,
): Admitted<AuthContexts[L]> {
  const { checks } = gate;
  if (level === 'session') {
    const token = sessionToken(req, gate);
    if (token === undefined) throw new ServiceError('UNAUTHENTICATED', sessionMessages.signedOut);
    return checks.session.person(token) as Promise<AuthContexts[L]>;
  }
  if (level === 'workspace') {
    const session = header(req, headers.workspaceToken) ? undefined : sessionToken(req, gate);
    const id = required(req, headers.workspaceId, missingWorkspace);
    if (session !== undefined) {
      return checks.session.workspace(session, id) as Promise<AuthContexts[L]>;
    }
    const token = required(req, headers.workspaceToken, missingToken);
    return checks.workspace(id, token) as Admitted<AuthContexts[L]>;
  }
  if (level === 'apiKey') {
    const session = header(req, headers.apiKeyToken) ? undefined : sessionToken(req, gate);
    if (session !== undefined) {
      const workspaceId = required(req, headers.workspaceId, missingWorkspace);
      const key = required(req, headers.apiKey, missingApiKey);
      return checks.session.apiKey(session, workspaceId, key) as Promise<AuthContexts[L]>;
    }
    const key = required(req, headers.apiKey, missingApiKey);
    const token = required(req, headers.apiKeyToken, missingToken);
    return checks.apiKey(key, token) as Admitted<AuthContexts[L]>;
  }
  return {} as AuthContexts[L];
}

/** The person a call acts as, when it came with a session at a workspace or API-key endpoint. */
export function personOf(auth: AuthContexts[AuthLevel]): Person | undefined {
  return 'person' in auth ? auth.person : undefined;
}

/**
 * The role table (`#contract/role-table`) enforced, in this one place for every endpoint: a
 * person's role must be one the endpoint admits, and an endpoint about the signed-in person takes
 * no token. A token counts as the workspace's owner, as it always has.
 */
export function authorize(e: AnyEndpoint, auth: AuthContexts[AuthLevel]): void {
  if (e.auth !== 'workspace' && e.auth !== 'apiKey') return;
  const person = personOf(auth);
  if (person === undefined) {
    if (e.access?.sessionOnly) {
      throw new ServiceError('PERMISSION_DENIED', sessionMessages.sessionOnly(e));
    }
    return;
  }
  if (!mayCall(person.role, e)) {
    throw new ServiceError('PERMISSION_DENIED', refusalMessage(person.role, e));
  }
}

/** Authentication at the endpoint's level, then its role table row. */
export function admitCaller<E extends AnyEndpoint>(
  e: E,
  req: FastifyRequest,
  gate: AuthGate,
): Admitted<AuthContexts[E['auth']]> {
  const auth = authenticate(e.auth, req, gate);
  const authorized = (known: AuthContexts[AuthLevel]) => {
    authorize(e, known);
    return known as AuthContexts[E['auth']];
  };
  return auth instanceof Promise ? auth.then(authorized) : authorized(auth);
}
