import type { AuthLevel } from '#contract/endpoint';
import type { ErrorStatus } from '#contract/errors';

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
  /** When the answer said the request may be sent again (its Retry-After), in epoch ms. */
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
    { retryAfterMs }: ApiErrorDetails = {},
  ) {
    super(message);
    this.retryAt = retryAfterMs === undefined ? undefined : Date.now() + retryAfterMs;
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
  const { status, httpStatus } = error;
  return (
    status === 'UNAVAILABLE' ||
    status === 'INTERNAL' ||
    status === 'RESOURCE_EXHAUSTED' ||
    httpStatus >= 500 ||
    httpStatus === 408
  );
}

/**
 * What to do about an error a retry does not fix, by status. The service answers an ID that names
 * nothing INVALID_ARGUMENT (older servers NOT_FOUND), and a read's request is mostly its filters.
 */
const advice: Partial<Record<ApiError['status'], string>> = {
  NOT_FOUND: 'Check the ID, or clear the filter that names it.',
  INVALID_ARGUMENT: 'Check the ID, or clear the filter that names it.',
  PERMISSION_DENIED: 'Ask the workspace owner for access.',
  UNAUTHENTICATED: 'Sign in again.',
  INVALID_RESPONSE: 'Console and service speak different versions: update the older.',
};

/** What the admin can do about an error that a retry does not fix; nothing for the others. */
export function errorAdvice(error: unknown): string | undefined {
  return error instanceof ApiError && !retryable(error) ? advice[error.status] : undefined;
}

/** A Retry-After header of delay-seconds, in milliseconds; undefined when absent or a date. */
export function retryAfterMs(header: string | null): number | undefined {
  return header !== null && /^\d+$/.test(header.trim()) ? Number(header) * 1000 : undefined;
}
