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
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      done(invalidArgument('The request body is not valid JSON.'), undefined);
      return;
    }
    // PostgreSQL text cannot hold U+0000; refused here, it cannot fail a write later.
    if (text.includes('\\u0000') && holdsNul(value)) {
      done(invalidArgument('The request body must not contain the character U+0000.'), undefined);
      return;
    }
    done(null, value);
  });
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v));
  }
  return false;
}
