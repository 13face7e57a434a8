import type { ErrorStatus } from '../../contract/errors';

/** The one error type that rules throw; the error handler turns it into the error envelope. */
export class ServiceError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    /** Extra HTTP headers, e.g. Retry-After on RESOURCE_EXHAUSTED. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const invalidArgument = (message: string) => new ServiceError('INVALID_ARGUMENT', message);
