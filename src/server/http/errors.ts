import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorStatus, errorHttpStatus } from '#contract/errors';
import { ServiceError } from './service-error';

export function sendError(
  reply: FastifyReply,
  status: ErrorStatus,
  message: string,
  httpStatus: number = errorHttpStatus[status],
): FastifyReply {
  return reply.code(httpStatus).send({ error: { status, message } });
}

/**
 * Fastify's own refusals of a body, answered in the specification's words: 415 for a body in a
 * format the service does not read (docs/decisions/0003-request-bodies.md), 400 for one it cannot.
 */
const bodyErrors: Record<string, { message: string; httpStatus: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request body is too large.', httpStatus: 400 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    message: 'The request body must be JSON (Content-Type: application/json).',
    httpStatus: 415,
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    message: 'The request body does not match its Content-Length.',
    httpStatus: 400,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'The request body is empty.', httpStatus: 400 },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    message: 'The request body is not valid JSON.',
    httpStatus: 400,
  },
};

/**
 * The one place where any thrown error becomes the error envelope; `numericCode` adds the HTTP
 * status as `code` (the endpoints whose contract entry asks for it bind it as their own handler).
 */
export function errorHandler(numericCode: boolean) {
  const send = (
    reply: FastifyReply,
    status: ErrorStatus,
    message: string,
    httpStatus: number = errorHttpStatus[status],
  ) =>
    numericCode
      ? reply.code(httpStatus).send({ error: { status, message, code: httpStatus } })
      : sendError(reply, status, message, httpStatus);
  return (error: FastifyError | ServiceError, req: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ServiceError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      return send(reply, error.status, error.message, error.httpStatus);
    }
    const bodyError = error.code ? bodyErrors[error.code] : undefined;
    if (bodyError) return send(reply, 'INVALID_ARGUMENT', bodyError.message, bodyError.httpStatus);
    if (error instanceof SyntaxError) {
      return send(reply, 'INVALID_ARGUMENT', 'The request body is not valid JSON.');
    }
    if (error.code === 'ECONNRESET') {
      // The connection closed mid-request: the client left, or was cut off for a timeout or a
      // malformed body (see client-error.ts). Nobody reads this answer; it is no server fault.
      req.log.info('request aborted before it was complete');
      return send(reply, 'INVALID_ARGUMENT', 'The request was not received completely.');
    }
    req.log.error({ err: error }, 'unexpected error');
    return send(reply, 'INTERNAL', 'An internal error occurred. Try again later.');
  };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler(false));
}
