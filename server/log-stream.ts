// The log destination of the server: lines are collected and written to stdout in chunks (every 100 ms, or
// sooner past 64 KiB) instead of one write per line, which under load cost more than a request's own work.
// At exit the rest is written at once; on a crash (kill -9) the last 100 ms of log lines may be lost, never
// data: writes are committed before they are answered.
export interface LogStream {
  write(line: string): void;
  /** Writes what is buffered now. */
  flush(): void;
}

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
      if (size >= maxBytes) flush();
      else if (!timer) {
        timer = setTimeout(flush, maxDelayMs);
        timer.unref();
      }
    },
    flush,
  };
}
