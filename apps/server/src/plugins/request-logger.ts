import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';

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
 * no line, and a pino child for each would be a measurable share of a small call. A line at an enabled level
 * makes the child, so every line written carries the request id.
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
 * Fastify's `childLoggerFactory`: the request logger above, under Fastify's logger or, where Fastify has none
 * (`appLogging`), under the app's; the plain child for a route with a level or serialisers of its own (its child
 * writes by its own level, not the parent's).
 */
export function requestLoggerFactory(root: FastifyBaseLogger) {
  return (logger: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger => {
    const parent = (
      typeof (logger as Partial<LevelAware>).isLevelEnabled === 'function' ? logger : root
    ) as LevelAware;
    if (options.level || options.serializers) return parent.child(bindings, options);
    return new RequestLogger(parent, bindings, options);
  };
}

/** pino's levels that write `info` lines. */
const WRITES_INFO = new Set(['info', 'debug', 'trace']);

/**
 * Fastify's "incoming request" line, written at `info`, is not asked for at a level that drops it: asking would
 * make the request's logger and build the line's object for nothing. Its "request
 * completed" line is written only where Fastify has a logger of its own (`appLogging`).
 */
export class RequestLines extends LogController {
  constructor(private readonly writesInfo: boolean) {
    super();
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.writesInfo) super.incomingRequest(request, reply);
  }
}

export interface AppLogging {
  /** The app's logger: `app.log`, the container's, and the parent of every request's logger. */
  root: Logger;
  /** Fastify's logging options. */
  fastify: Pick<FastifyServerOptions, 'logger' | 'loggerInstance' | 'childLoggerFactory' | 'logController'>;
}

/**
 * The app's pino logger at `level`, and what Fastify is given. At a level that writes `info`, Fastify logs through
 * it, its request lines included. Below that, Fastify gets no logger of its own: with one it listens for the end
 * of every response, to write a "request completed" line that such a level drops, a real share of a small call's
 * cost. Requests still log through the app's logger with their ids, and errors (the error handler's, a failed
 * stream's) are written at every level. `destination` must never wait for its reader
 * (`lib/log-destination.ts`): pino's default one blocks the process when stdout is a pipe nobody reads.
 */
export function appLogging(level: string, destination: DestinationStream): AppLogging {
  const root = pino({ level }, destination);
  const writesInfo = WRITES_INFO.has(level);
  return {
    root,
    fastify: {
      ...(writesInfo ? { loggerInstance: root } : { logger: false }),
      childLoggerFactory: requestLoggerFactory(root),
      logController: new RequestLines(writesInfo),
    },
  };
}
