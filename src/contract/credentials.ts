import type { AuthLevel } from './endpoint';

// The names of the request headers that carry credentials, written once here.
const workspaceId = 'x-svc-workspace-id';
const workspaceToken = 'x-svc-workspace-auth-token';
const apiKey = 'x-svc-api-key';
const apiKeyToken = 'x-svc-auth-token';

/** The request headers that carry credentials. */
export const credentialHeaders = { workspaceId, workspaceToken, apiKey, apiKeyToken } as const;

/** The headers that carry each kind of credentials: its id's, then its token's. */
export const credentialHeaderPairs = {
  workspace: [workspaceId, workspaceToken],
  apiKey: [apiKey, apiKeyToken],
} as const;

/**
 * The cookie that carries a member's session: HttpOnly, so that no script reads it, the browser
 * sends it with every same-site request.
 */
export const sessionCookieName = 'svc_session';

/** The credential headers whose values are secrets: never logged, never shown. */
export const secretCredentialHeaders = [workspaceToken, apiKeyToken] as const;

/** A workspace's id and auth token: what workspace endpoints are called with. */
export interface WorkspaceCredentials {
  kind: 'workspace';
  /** The workspace's id. */
  id: string;
  token: string;
}

/** An API key's id and one of its auth tokens: what API-key endpoints are called with. */
export interface ApiKeyCredentials {
  kind: 'apiKey';
  /** The API key's id. */
  id: string;
  token: string;
}

/**
 * A member's session: the browser sends its cookie by itself; the call names the workspace (and
 * the API key, for API-key endpoints) it acts on. A caller outside a browser (a test) passes the
 * cookie's value.
 */
export interface SessionCredentials {
  kind: 'session';
  workspaceId?: string;
  apiKeyId?: string;
  /** The session cookie's value, for callers that are not a browser; never logged. */
  cookie?: string;
}

/** Whatever a call may present; a new kind of credential is one more member here. */
export type Credentials = WorkspaceCredentials | ApiKeyCredentials | SessionCredentials;

/** The levels that present credentials. */
export type CredentialLevel = Exclude<AuthLevel, 'public'>;

/** Whether the credentials answer an auth level; a new kind says here which levels it answers. */
export function accepts(level: AuthLevel, credentials: Credentials): boolean {
  if (credentials.kind !== 'session') return credentials.kind === level;
  if (level === 'workspace') return credentials.workspaceId !== undefined;
  if (level === 'apiKey') {
    return credentials.workspaceId !== undefined && credentials.apiKeyId !== undefined;
  }
  return level === 'session';
}

/**
 * Answers the credentials to present to an endpoint of the level, read again for every request;
 * a public endpoint is never asked for any.
 */
export type CredentialsSource = (level: CredentialLevel) => Credentials | undefined;

/** A source that answers the first of the candidates the level accepts. */
export function sourceOf(candidates: readonly Credentials[]): CredentialsSource {
  return (level) => candidates.find((candidate) => accepts(level, candidate));
}

/**
 * The headers that present the credentials. An empty id or token is left out, as the service
 * reads an empty header as a missing one.
 */
export function headersOf(credentials: Credentials): Record<string, string> {
  if (credentials.kind === 'session') {
    const { workspaceId: space, apiKeyId: key, cookie } = credentials;
    return {
      ...(space ? { [workspaceId]: space } : {}),
      ...(key ? { [apiKey]: key } : {}),
      ...(cookie ? { cookie: `${sessionCookieName}=${cookie}` } : {}),
    };
  }
  const [idHeader, tokenHeader] = credentialHeaderPairs[credentials.kind];
  const { id, token } = credentials;
  return { ...(id ? { [idHeader]: id } : {}), ...(token ? { [tokenHeader]: token } : {}) };
}
