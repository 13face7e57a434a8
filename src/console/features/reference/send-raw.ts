import type { AnyEndpoint } from '#contract/endpoint';
import { authHeaders } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { type Session, getSession } from '../../lib/session';

export interface RawAnswer {
  status: number;
  /** The body as JSON when it is JSON, else as text. */
  body: unknown;
  ms: number;
}

/**
 * Sends `{ data }` to an endpoint with the signed-in workspace's or the key's credentials and
 * answers what came back, as it came: the reference shows errors as answers, not as failures.
 */
export async function sendRaw(
  endpoint: AnyEndpoint,
  data: unknown,
  apiKey: ApiKeyCredentials | undefined,
  signal: AbortSignal,
): Promise<RawAnswer> {
  const session: Partial<Session> = getSession() ?? {};
  const started = performance.now();
  const response = await fetch(`${session.baseUrl ?? ''}${endpoint.path}`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      ...authHeaders(endpoint, session, apiKey),
    },
    body: JSON.stringify({ data }),
    signal,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: shown as the text it is.
  }
  return { status: response.status, body, ms: performance.now() - started };
}
