// A real Server-Sent Events reader for the tests: fetch with a streaming body, frames parsed as the browser's
// EventSource parses them (event, data; comments kept apart so heartbeats can be counted).
export interface StreamEvent {
  event: string;
  data: string;
}

export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** The events read so far, oldest first. */
  events: StreamEvent[];
  /** The comments read so far (": heartbeat" arrives as "heartbeat"). */
  comments: string[];
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  /** The first event (read so far or still to come) that passes `match`. */
  next(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamReader> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  const parse = (frame: string) => {
    let event = "message";
    const data: string[] = [];
    for (const line of frame.split("\n")) {
      if (line.startsWith(":")) comments.push(line.slice(1).trim());
      else if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length > 0) events.push({ event, data: data.join("\n") });
  };
  const ended = (async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        notify();
      }
    } catch {
      // Aborted by close().
    } finally {
      notify();
    }
  })();
  let done = false;
  void ended.then(() => {
    done = true;
    notify();
  });
  return {
    status: response.status,
    headers: response.headers,
    events,
    comments,
    ended,
    next(match, timeoutMs = 8_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (found) {
            finish();
            resolve(found);
          } else if (done) {
            finish();
            reject(new Error(`the stream ended first; events: ${JSON.stringify(events)}`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no such event in ${timeoutMs} ms; events: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      controller.abort();
    },
  };
}
