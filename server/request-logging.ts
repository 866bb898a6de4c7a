// How requests are logged: one access line per request, and a per-request logger made only when something logs.
import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";

/** The key of the request id in every line about a request (Fastify's default). */
const requestIdKey = "reqId";

/**
 * One access line per request instead of Fastify's two ("incoming request", "request completed"), and without
 * the client's address: the database never holds it raw either. Written by the server's logger with the request
 * id as a field, so no per-request logger is made for it.
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      [requestIdKey]: request.id,
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) request.server.log.error({ ...line, err: error }, "request errored");
    else request.server.log.info(line, "request");
  }
}

type LogMethod = (...args: unknown[]) => void;
type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;

/**
 * `request.log`: the request's child logger (its lines carry the request id), made on its first use. Most
 * requests never log beyond the access line, and making a pino child for each cost more than the line itself.
 */
class LazyChildLogger implements FastifyBaseLogger {
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildOptions;
  #made: FastifyBaseLogger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #logger(): FastifyBaseLogger {
    this.#made ??= this.#parent.child(this.#bindings, this.#options);
    return this.#made;
  }

  #call(
    level: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent",
    args: unknown[],
  ) {
    (this.#logger[level] as LogMethod)(...args);
  }

  get level(): string {
    return this.#made?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger.level = level;
  }

  fatal(...args: unknown[]): void {
    this.#call("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#call("error", args);
  }
  warn(...args: unknown[]): void {
    this.#call("warn", args);
  }
  info(...args: unknown[]): void {
    this.#call("info", args);
  }
  debug(...args: unknown[]): void {
    this.#call("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#call("trace", args);
  }
  silent(...args: unknown[]): void {
    this.#call("silent", args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options);
  }
}

export const lazyChildLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
) => new LazyChildLogger(logger, bindings, options);
