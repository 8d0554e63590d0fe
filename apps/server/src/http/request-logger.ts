import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

type ChildLoggerFactory = Parameters<FastifyInstance['setChildLoggerFactory']>[0];
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type PinoLogger = FastifyBaseLogger & { levels: { values: Record<string, number> } };

/**
 * Fastify gives every request a child logger bound to its request id. Our logger redacts secrets with pino's wildcard
 * paths (logger.ts), and pino runs each binding through that redaction when it makes a child: about 16 µs a request,
 * a tenth of /api/healthz's time in the profile, even for a request that logs nothing at the configured level. This
 * factory hands Fastify a stand-in that makes the real child on the first log call its level lets through, so every
 * line written is the one the child would have written. A class, so that a request makes one object and no closures.
 */
class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: PinoLogger,
    private readonly bindings: Parameters<ChildLoggerFactory>[1],
    private readonly options: Parameters<ChildLoggerFactory>[2],
  ) {}

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
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

  child(...args: Parameters<FastifyBaseLogger['child']>) {
    return this.real().child(...args);
  }

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]) {
    const values = this.parent.levels.values;
    if (values[level]! >= (values[this.level] ?? Number.POSITIVE_INFINITY)) {
      (this.real()[level] as (...parameters: unknown[]) => void)(...args);
    }
  }
}

export const lazyChildLogger: ChildLoggerFactory = (parent, bindings, options) =>
  new LazyChildLogger(parent as PinoLogger, bindings, options) as unknown as FastifyBaseLogger;
