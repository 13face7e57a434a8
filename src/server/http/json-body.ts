import type { FastifyInstance } from 'fastify';
import { invalidArgument } from './service-error';

/**
 * Accepts JSON only, and an empty JSON body as no body, since endpoints without fields may be
 * called with `Content-Type: application/json` and nothing else.
 */
export function installJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString();
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(invalidArgument('The request body is not valid JSON.'), undefined);
    }
  });
}
