import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLoggerFactory } from './request-logger';

/** An app with the service's request loggers at `level`, and the log lines it wrote. */
async function appAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const app = Fastify({
    logger: { level, stream },
    genReqId: () => 'request-1',
    childLoggerFactory: requestLoggerFactory,
  });
  app.get('/', (req, reply) => {
    req.log.info('an info line');
    req.log.error({ detail: 42 }, 'an error line');
    req.log.child({ part: 'inner' }).warn('a warning from a child');
    return reply.send({ level: req.log.level });
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return { lines, body: res.json<{ level: string }>() };
}

describe('the request logger', () => {
  it('writes the enabled lines of a request with its request id, and only those', async () => {
    const { lines, body } = await appAt('warn');
    expect(body.level).toBe('warn');
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['an error line', 'request-1'],
      ['a warning from a child', 'request-1'],
    ]);
    expect(lines[0]?.detail).toBe(42);
    expect(lines[1]?.part).toBe('inner');
  });

  it('writes Fastify’s own request lines with the id at info', async () => {
    const { lines } = await appAt('info');
    const messages = lines.filter((l) => l.reqId === 'request-1').map((l) => l.msg);
    expect(messages).toEqual([
      'incoming request',
      'an info line',
      'an error line',
      'a warning from a child',
      'request completed',
    ]);
  });
});
