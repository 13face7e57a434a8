import { CallError } from '#contract/client-call';

/**
 * Every failed call of the console throws the contract client's CallError: the service's error
 * envelope with its HTTP status, Retry-After and the credentials it refused, or why there was none.
 */
export { CallError as ApiError };

export function isApiError(error: unknown): error is CallError {
  return error instanceof CallError;
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
  if (!(error instanceof CallError)) return true;
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
const advice: Partial<Record<CallError['status'], string>> = {
  NOT_FOUND: 'Check the ID, or clear the filter that names it.',
  INVALID_ARGUMENT: 'Check the ID, or clear the filter that names it.',
  PERMISSION_DENIED: 'Ask the workspace owner for access.',
  UNAUTHENTICATED: 'Sign in again.',
  INVALID_RESPONSE: 'Console and service speak different versions: update the older.',
};

/** What the admin can do about an error that a retry does not fix; nothing for the others. */
export function errorAdvice(error: unknown): string | undefined {
  return error instanceof CallError && !retryable(error) ? advice[error.status] : undefined;
}
