import type { AuthLevel } from '../../contract/endpoint';
import type { ErrorStatus } from '../../contract/errors';

/**
 * Statuses the console adds for failures that never produced an error envelope: the service could
 * not be reached or did not answer JSON (UNAVAILABLE), or answered JSON the contract does not
 * describe (INVALID_RESPONSE, usually a server that speaks another version of the contract).
 */
export type ClientErrorStatus = 'UNAVAILABLE' | 'INVALID_RESPONSE';

export interface ApiErrorDetails {
  /** The answer's Retry-After, in milliseconds from when it arrived. */
  retryAfterMs?: number | undefined;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** How long the answer asked to wait before the request is sent again (its Retry-After). */
  readonly retryAfterMs: number | undefined;
  /** When that wait is over, in epoch milliseconds. */
  readonly retryAt: number | undefined;

  constructor(
    readonly status: ErrorStatus | ClientErrorStatus,
    message: string,
    /** HTTP status of the answer; 0 when there was none. */
    readonly httpStatus: number,
    /** Which credentials the call presented, so that a refusal of an API key drops only the key. */
    readonly credentials: AuthLevel = 'public',
    /** The API key whose token the call presented, for `credentials: 'apiKey'`. */
    readonly apiKeyId?: string,
    details: ApiErrorDetails = {},
  ) {
    super(message);
    this.retryAfterMs = details.retryAfterMs;
    this.retryAt =
      details.retryAfterMs === undefined ? undefined : Date.now() + details.retryAfterMs;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show for any error: the server's own message when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/** HTTP statuses that say the service did not get to answer the request itself. */
const REQUEST_TIMEOUT = 408;

/**
 * Whether sending the same request again may succeed, the one rule every error display and the
 * query client's retries follow: the service could not be reached or failed (UNAVAILABLE,
 * INTERNAL, any 5xx), the request timed out on its way (408), or the service asked to wait
 * (RESOURCE_EXHAUSTED, after its Retry-After). NOT_FOUND, INVALID_ARGUMENT, PERMISSION_DENIED,
 * UNAUTHENTICATED and the rest are the same answer on every try. An error that is not the
 * service's answer (a part of the console that failed to load) may pass on a second try.
 */
export function retryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  switch (error.status) {
    case 'UNAVAILABLE':
    case 'INTERNAL':
    case 'RESOURCE_EXHAUSTED':
      return true;
    default:
      return error.httpStatus >= 500 || error.httpStatus === REQUEST_TIMEOUT;
  }
}

/** What the admin can do about an error that a retry does not fix; nothing for the others. */
export function errorAdvice(error: unknown): string | undefined {
  if (retryable(error) || !(error instanceof ApiError)) return undefined;
  switch (error.status) {
    case 'NOT_FOUND':
      return 'Check the ID, or clear the filter that names it.';
    case 'INVALID_ARGUMENT':
      return 'Change what was asked (an ID, a filter, the address): the same request gets the same answer.';
    case 'PERMISSION_DENIED':
      return 'Ask the workspace owner for access: your role or this key may not do this.';
    case 'UNAUTHENTICATED':
      return 'Sign in again.';
    case 'INVALID_RESPONSE':
      return 'This console and the service speak different versions of the contract; update the older one.';
    default:
      return undefined;
  }
}

/**
 * A Retry-After header in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110);
 * undefined when absent or not one of these.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
