import type { AuthLevel } from '../../contract/endpoint';
import type { ErrorStatus } from '../../contract/errors';

/**
 * Statuses the console adds for failures that never produced an error envelope: the service could
 * not be reached or did not answer JSON (UNAVAILABLE), or answered JSON the contract does not
 * describe (INVALID_RESPONSE, usually a server that speaks another version of the contract).
 */
export type ClientErrorStatus = 'UNAVAILABLE' | 'INVALID_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: ErrorStatus | ClientErrorStatus,
    message: string,
    /** HTTP status of the answer; 0 when there was none. */
    readonly httpStatus: number,
    /** Which credentials the call presented, so that a refusal of an API key drops only the key. */
    readonly credentials: AuthLevel = 'public',
    /** The API key whose token the call presented, for `credentials: 'apiKey'`. */
    readonly apiKeyId?: string,
  ) {
    super(message);
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
