import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
/** Fastify's logger when logging is on: pino, which also answers these two. */
type PinoLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean; bindings(): Bindings };

/**
 * A request's logger whose pino child (which serialises the request id binding when made) is made only when the
 * request logs something at an enabled level. Fastify makes a child per request; at the production level (warn)
 * almost no request logs anything, so most children were made for nothing.
 */
class LazyChildLogger {
  private made: PinoLogger | undefined;

  constructor(
    private readonly parent: PinoLogger,
    private readonly childBindings: Bindings,
    private readonly childOptions: ChildOptions,
  ) {}

  private get real(): PinoLogger {
    this.made ??= this.parent.child(this.childBindings, this.childOptions) as PinoLogger;
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    (this.real[level] as (...values: unknown[]) => void)(...args);
  }

  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }

  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }

  bindings(): Bindings {
    return this.real.bindings();
  }
}

/** Fastify's `childLoggerFactory`: the same child as Fastify's own, made on the first enabled log call. */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  // Logging off (LOG_LEVEL=silent): Fastify's stand-in logger has nothing worth deferring.
  if (typeof (logger as Partial<PinoLogger>).isLevelEnabled !== 'function') return logger.child(bindings, options);
  return new LazyChildLogger(logger as PinoLogger, bindings, options) as unknown as FastifyBaseLogger;
}
