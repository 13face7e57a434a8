import { type Http2SecureServer, type Http2Session, constants } from 'node:http2';
import type { FastifyInstance } from 'fastify';
import type { ServingConfig } from '../config/serving-config';

/**
 * What Fastify leaves out when it serves HTTP/2 over TLS (TLS_CERT_FILE/TLS_KEY_FILE), so that the
 * limits of plain HTTP/1.1 hold there too:
 * - clients that speak only HTTP/1.1 reach the same server, whose Node defaults for them (60 s of
 *   headers, 5 min of request, no keep-alive limit, a 30 s check) are replaced by the settings';
 * - an HTTP/2 stream whose request has not fully arrived REQUEST_TIMEOUT_MS after it opened is
 *   cancelled, as Node answers 408 on HTTP/1.1: a body trickled one byte at a time would otherwise
 *   keep the session busy, and its idle timeout would never fire;
 * - on close each HTTP/2 session is asked to end once its streams have answered (Node 20's
 *   `server.close()` waits for sessions to go idle past their timeout, longer than the shutdown
 *   grace).
 */
export function installHttpsLimits(app: FastifyInstance, serving: ServingConfig): void {
  if (!serving.tls) return;
  const { headersMs, requestMs, keepAliveMs } = serving.timeouts;
  // Fastify types the app as an HTTP/1.1 server; with `http2: true` it made this one.
  const server = app.server as unknown as Http2SecureServer & {
    headersTimeout: number;
    requestTimeout: number;
    keepAliveTimeout: number;
    connectionsCheckingInterval: number;
  };
  server.headersTimeout = headersMs;
  server.requestTimeout = requestMs;
  server.keepAliveTimeout = keepAliveMs;
  server.connectionsCheckingInterval = 1_000;
  server.on('stream', (stream) => {
    if (stream.endAfterHeaders) return;
    const timer = setTimeout(() => stream.close(constants.NGHTTP2_CANCEL), requestMs);
    timer.unref();
    const done = () => clearTimeout(timer);
    stream.once('end', done);
    stream.once('close', done);
  });
  const sessions = new Set<Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  app.addHook('preClose', (done) => {
    for (const session of sessions) session.close();
    done();
  });
}
