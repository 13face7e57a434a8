import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { MAX_BODY_DEPTH, findBodyProblem, mayHoldProblem, nestsDeeperThan } from './body-guard';
import { installContentDecoding } from './content-encoding';
import { ServiceError, invalidArgument } from './service-error';

/** The charset parameter of a Content-Type, lower-cased, or undefined when there is none. */
function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? '');
  return match ? (match[1] ?? '').toLowerCase() : undefined;
}

/** A charset the service does not read: 415, as for another content type or coding. */
const unsupportedCharset = () =>
  new ServiceError(
    'INVALID_ARGUMENT',
    'The request body must be JSON in UTF-8 (charset=utf-8).',
    {},
    415,
  );

/**
 * Accepts JSON in UTF-8 only, and an empty JSON body as no body, since endpoints without fields
 * may be called with `Content-Type: application/json` and nothing else; compressed bodies are
 * decoded first (content-encoding.ts), within the same limit. Everything refused here is refused
 * before any handler runs, so it can never fail a write halfway.
 */
export function installJsonBody(app: FastifyInstance): void {
  // Fastify fills in its own default when the app sets no limit; no route sets another.
  const limitBytes = app.initialConfig.bodyLimit;
  if (limitBytes === undefined) throw new Error('Fastify gave no bodyLimit');
  installContentDecoding(app, limitBytes);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, raw, done) => {
    const charset = charsetOf(req.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(unsupportedCharset(), undefined);
      return;
    }
    const bytes = raw as Buffer;
    if (!isUtf8(bytes)) {
      done(invalidArgument('The request body is not valid UTF-8.'), undefined);
      return;
    }
    const text = bytes.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_BODY_DEPTH)) {
      done(
        invalidArgument(`The request body nests arrays and objects deeper than ${MAX_BODY_DEPTH}.`),
        undefined,
      );
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      done(invalidArgument('The request body is not valid JSON.'), undefined);
      return;
    }
    const problem = mayHoldProblem(text) ? findBodyProblem(value) : undefined;
    if (problem) {
      done(invalidArgument(problem), undefined);
      return;
    }
    done(null, value);
  });
}
