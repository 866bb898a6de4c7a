// The log destination of the server: lines are collected and written to stdout in chunks (every 100 ms, or
// sooner past 64 KiB) instead of one write per line, which under load cost more than a request's own work.
// Errors and fatal lines are written at once with what came before them; at exit the rest is written too. On a
// crash (kill -9) at most the last 100 ms of lower-level lines may be lost, never data: writes are committed
// before they are answered.
export interface LogStream {
  write(line: string): void;
  /** Writes what is buffered now. */
  flush(): void;
}

/** pino's error (50) and fatal (60) lines: its JSON lines start with the level. */
const isErrorLine = (line: string) =>
  line.startsWith('{"level":5') || line.startsWith('{"level":6');

export function bufferedLogStream(
  out: { write(chunk: string): unknown } = process.stdout,
  options: { maxBytes?: number; maxDelayMs?: number } = {},
): LogStream {
  const maxBytes = options.maxBytes ?? 64 * 1024;
  const maxDelayMs = options.maxDelayMs ?? 100;
  let lines: string[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    if (size === 0) return;
    const chunk = lines.join("");
    lines = [];
    size = 0;
    out.write(chunk);
  };

  process.once("exit", flush);

  return {
    write(line) {
      lines.push(line);
      size += line.length;
      if (size >= maxBytes || isErrorLine(line)) flush();
      else if (!timer) {
        timer = setTimeout(flush, maxDelayMs);
        timer.unref();
      }
    },
    flush,
  };
}
