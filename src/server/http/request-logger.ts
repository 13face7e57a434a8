import type { FastifyBaseLogger, FastifyServerOptions, LogLevel } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2];

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** The app's logger as pino makes it: it can say whether a level is written. */
interface LevelAware extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

const levelAware = (logger: FastifyBaseLogger): logger is LevelAware =>
  typeof (logger as Partial<LevelAware>).isLevelEnabled === 'function';

/**
 * A request's logger: the app logger's child with the request id, made only when the request logs
 * a line at a level that is written. Making a pino child serialises its bindings, a cost every
 * request paid when nothing is logged at all (LOG_LEVEL=warn, a request that succeeds); a line
 * that is written carries the request id as before.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  get level(): LogLevel {
    return (this.made ?? this.parent).level as LogLevel;
  }

  set level(level: LogLevel) {
    this.logger.level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }

  private write(level: Method, line: unknown[]): void {
    // The child's level is the parent's until someone sets it on this very request.
    const decides = this.made && levelAware(this.made) ? this.made : this.parent;
    if (decides.isLevelEnabled(level)) {
      const logger = this.logger;
      Reflect.apply(logger[level], logger, line);
    }
  }

  fatal(...line: unknown[]): void {
    this.write('fatal', line);
  }

  error(...line: unknown[]): void {
    this.write('error', line);
  }

  warn(...line: unknown[]): void {
    this.write('warn', line);
  }

  info(...line: unknown[]): void {
    this.write('info', line);
  }

  debug(...line: unknown[]): void {
    this.write('debug', line);
  }

  trace(...line: unknown[]): void {
    this.write('trace', line);
  }

  silent(): void {
    // Writes nothing, as pino's.
  }
}

/**
 * Fastify's childLoggerFactory: a RequestLogger, or the child at once when the route asks for a
 * level or serialisers of its own, or the logger cannot say which levels it writes.
 */
export const requestLoggerFactory: ChildLoggerFactory = (logger, bindings, options) => {
  if (!levelAware(logger) || Object.keys(options).length > 0) {
    return logger.child(bindings, options);
  }
  return new RequestLogger(logger, bindings);
};
