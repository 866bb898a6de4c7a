// A real HTTP receiver on 127.0.0.1 that the webhook tests deliver to: it keeps every request it answered, answers
// with a chosen status (at once, or after a delay that keeps the sender's request in flight), and can be taken down
// and brought back. Down, it keeps its port and drops every connection at once: closing the port instead would let
// another test's outgoing socket take it meanwhile.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The status it was answered with. */
  status: number;
}

export class WebhookReceiver {
  readonly received: ReceivedRequest[] = [];
  /** The status of the next answers; a function of the request's number (from 1) when it varies. */
  status: number | ((count: number) => number) = 200;
  /** Extra headers of every answer (a redirect's Location). */
  answerHeaders: Record<string, string> = {};
  /** Answers 200 with a body that never ends (until the client closes the connection). */
  endless = false;
  /** Requests are read and kept but never answered. */
  silent = false;
  /** Requests are kept at once and answered this much later. */
  delayMs = 0;
  port = 0;
  #server: Server | undefined;
  #down = false;

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await receiver.up();
    return receiver;
  }

  url(path = "/hooks"): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The requests answered with a 2xx. */
  get accepted(): ReceivedRequest[] {
    return this.received.filter((request) => request.status >= 200 && request.status < 300);
  }

  async up(): Promise<void> {
    this.#down = false;
    if (this.#server) return;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const status =
          typeof this.status === "number" ? this.status : this.status(this.received.length + 1);
        this.received.push({
          path: request.url ?? "",
          headers: request.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          status,
        });
        if (this.silent) return;
        const answer = () => {
          // Dropped meanwhile (the receiver went down or closed).
          if (request.socket.destroyed) return;
          response.writeHead(status, this.answerHeaders);
          if (!this.endless) {
            response.end("ok");
            return;
          }
          const chunk = Buffer.alloc(16 * 1024, "x");
          const more = () => {
            while (!response.destroyed && response.write(chunk));
          };
          response.on("drain", more);
          more();
        };
        if (this.delayMs > 0) setTimeout(answer, this.delayMs);
        else answer();
      });
    });
    server.on("connection", (socket) => {
      if (this.#down) socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Drops every connection, open or new, until `up()`: the client's attempts fail without an answer. */
  async down(): Promise<void> {
    this.#down = true;
    this.#server?.closeAllConnections();
  }

  /** Stops listening for good. */
  async close(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
