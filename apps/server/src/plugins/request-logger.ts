import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type LevelName = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/** pino's loggers answer whether a level would be written; Fastify's type leaves that out. */
interface LevelAware extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
}

/**
 * A request's logger (with its request id) made on first use. At the levels servers run at, most requests write
 * no line, and a pino child for each was a measurable share of a small call (bench/README.md, thirteenth round).
 * A line at an enabled level makes the child, so it carries the request id as before.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: LevelAware,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  private enabled(level: LevelName): boolean {
    return this.made !== undefined || this.parent.isLevelEnabled(level);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }

  // Methods on the prototype, not fields: nothing is made per request until a line is written.
  fatal(...args: LogArguments): void {
    if (this.enabled('fatal')) this.logger.fatal(...args);
  }
  error(...args: LogArguments): void {
    if (this.enabled('error')) this.logger.error(...args);
  }
  warn(...args: LogArguments): void {
    if (this.enabled('warn')) this.logger.warn(...args);
  }
  info(...args: LogArguments): void {
    if (this.enabled('info')) this.logger.info(...args);
  }
  debug(...args: LogArguments): void {
    if (this.enabled('debug')) this.logger.debug(...args);
  }
  trace(...args: LogArguments): void {
    if (this.enabled('trace')) this.logger.trace(...args);
  }
  silent(..._args: LogArguments): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: the request logger above; the plain child for a logger without levels, or for a
 * route with a level or serialisers of its own (its child writes by its own level, not the parent's).
 */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  const parent = logger as Partial<LevelAware>;
  if (typeof parent.isLevelEnabled !== 'function' || options.level || options.serializers)
    return logger.child(bindings, options);
  return new RequestLogger(logger as LevelAware, bindings, options);
}
