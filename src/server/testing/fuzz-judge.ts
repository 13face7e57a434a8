import { type AnyEndpoint, pathsOf } from '#contract/endpoint';
import { errorEnvelopeSchema, errorHttpStatus, formRefusalHttpStatuses } from '#contract/errors';

/** How the service answered one hostile body. */
export type Outcome = 'refused' | 'accepted' | 'server-error' | 'hang' | 'bad-envelope';

export interface Verdict {
  outcome: Outcome;
  status?: number;
  /** The answer, cut short, for the report of a failure. */
  detail: string;
}

/**
 * Sends a whole body as JSON; gives up after `timeoutMs` (a hang) rather than waiting forever. An
 * endpoint served at two paths gets each body at one of them, chosen by the body so that a failure
 * replays at the same path: both paths are fuzzed.
 */
export async function sendBody(
  url: string,
  e: AnyEndpoint,
  headers: Record<string, string>,
  body: unknown,
  timeoutMs: number,
): Promise<{ status: number; text: string } | 'hang'> {
  const text = JSON.stringify(body) ?? '';
  const paths = pathsOf(e);
  const path = paths[text.length % paths.length] ?? e.path;
  try {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: text,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
      return 'hang';
    }
    throw err;
  }
}

/**
 * The verdict on one answer: a 4xx must be the specification's error envelope, its HTTP status
 * the one DESIGN.md maps its error status to (and for Get All User Data the numeric `code` too).
 */
export function judge(e: AnyEndpoint, answer: { status: number; text: string } | 'hang'): Verdict {
  if (answer === 'hang') return { outcome: 'hang', detail: 'no answer in time' };
  const { status, text } = answer;
  const detail = text.slice(0, 300);
  if (status >= 500) return { outcome: 'server-error', status, detail };
  if (status < 400) return { outcome: 'accepted', status, detail };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { outcome: 'bad-envelope', status, detail: `not JSON: ${detail}` };
  }
  const envelope = errorEnvelopeSchema.strict().safeParse(parsed);
  if (!envelope.success) return { outcome: 'bad-envelope', status, detail };
  const error = envelope.data.error;
  const formRefusal =
    formRefusalHttpStatuses.includes(status) && error.status === 'INVALID_ARGUMENT';
  const expected = formRefusal ? status : errorHttpStatus[error.status];
  const codeRight = e.numericErrorCode ? error.code === status : error.code === undefined;
  if (expected !== status || !codeRight || error.message.length === 0) {
    return { outcome: 'bad-envelope', status, detail };
  }
  return { outcome: 'refused', status, detail };
}
