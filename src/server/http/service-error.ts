import { type ErrorStatus, errorHttpStatus } from '#contract/errors';

/** The one error type that rules throw; the error handler turns it into the error envelope. */
export class ServiceError extends Error {
  constructor(
    readonly status: ErrorStatus,
    message: string,
    /** Extra HTTP headers, e.g. Retry-After on RESOURCE_EXHAUSTED. */
    readonly headers: Record<string, string> = {},
    /**
     * The HTTP status where the request's form rather than its content is refused (415 for a
     * body in a format the service does not read); otherwise the status's own (DESIGN.md).
     */
    readonly httpStatus: number = errorHttpStatus[status],
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const invalidArgument = (message: string) => new ServiceError('INVALID_ARGUMENT', message);
