import { STATUS_CODES, type ServerResponse, maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { securityHeaders } from './security-headers';

interface Refusal {
  httpStatus: number;
  message: string;
}

/** What Node's HTTP parser and timers refuse before a request reaches Fastify, in plain words. */
function refusal(code: string | undefined): Refusal {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { httpStatus: 408, message: 'The request was not received in time.' };
    case 'HPE_HEADER_OVERFLOW':
      return {
        httpStatus: 431,
        message: `The request headers are too large (at most ${maxHeaderSize / 1024} KB).`,
      };
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_CONTENT_LENGTH':
      return { httpStatus: 400, message: 'The request body is not framed correctly.' };
    default:
      return { httpStatus: 400, message: 'The request is not valid HTTP.' };
  }
}

/** The raw HTTP/1.1 answer: the error envelope with the headers every answer carries. */
export function clientErrorResponse(code: string | undefined): string {
  const { httpStatus, message } = refusal(code);
  const body = JSON.stringify({ error: { status: 'INVALID_ARGUMENT', message } });
  const headers: Record<string, string> = {
    ...securityHeaders(false),
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${httpStatus} ${STATUS_CODES[httpStatus] ?? ''}`, ...head, '', body].join(
    '\r\n',
  );
}

type ServerSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * Fastify's `clientErrorHandler`: answers what Node refused (oversized or malformed headers, broken
 * chunking, a request that trickles in past its timeout) with the error envelope, as long as no
 * answer has started on the socket, then closes it.
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // Only the code: the error also carries the raw bytes received, which can hold credentials.
  this.log.debug({ code: error.code }, 'client error');
  const answering = (socket as ServerSocket)._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(clientErrorResponse(error.code), () => socket.destroy());
}
