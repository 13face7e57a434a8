import { sendTo } from '#contract/client';
import type { AnyEndpoint } from '#contract/endpoint';
import { sessionClient } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { getSession } from '../../lib/session';

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
  const started = performance.now();
  const { status, body } = await sendTo(sessionClient(getSession() ?? {}, apiKey), endpoint, data, {
    signal,
  });
  return { status, body, ms: performance.now() - started };
}
