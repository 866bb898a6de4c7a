// Connections a proxy keeps open are never closed under it: a client that reuses its sockets across bursts and
// pauses of 1 to 61 seconds (a load balancer's idle timeout is 60 s) never sees a closed socket.
import { connect, type Socket } from "node:net";
import { describe, expect } from "vitest";
import { trackReferrerPath } from "../contracts/track-referrer.ts";
import { storageTest as it } from "./test/storage.ts";

// Node's default keep-alive timeout is 5 s and a load balancer's idle timeout 60 s: a socket that lives through 61 s
// idle lives through any shorter pause.
const pausesMs = [1_000, 61_000];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP/1.1 request on an open socket, as nginx's upstream keepalive sends it; resolves with the status. */
function requestOn(socket: Socket): Promise<number> {
  return new Promise((resolve, reject) => {
    if (socket.readyState !== "open") {
      reject(new Error("the server closed the kept-alive socket"));
      return;
    }
    let received = "";
    const onData = (chunk: Buffer) => {
      received += chunk;
      const end = received.indexOf("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(received)?.[1];
      if (end >= 0 && length !== undefined && received.length >= end + 4 + Number(length)) {
        done();
        resolve(Number(received.slice(9, 12)));
      }
    };
    const onClose = () => {
      done();
      reject(new Error("the server closed the kept-alive socket"));
    };
    const done = () => {
      socket.off("data", onData);
      socket.off("close", onClose);
    };
    socket.on("data", onData);
    socket.on("close", onClose);
    socket.write("GET /healthz HTTP/1.1\r\nHost: upstream\r\nConnection: keep-alive\r\n\r\n");
  });
}

describe("keep-alive", () => {
  let origin: string;
  let connections = 0;

  it.beforeAll(async ({ storage }) => {
    const app = await storage.apps("sqlite").start({ RATE_LIMIT: "off" });
    await app.listen({ port: 0, host: "127.0.0.1" });
    app.server.on("connection", () => connections++);
    const address = app.server.address();
    origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  it("keeps a proxy's upstream socket and a pooled client's sockets through pauses of 1 to 61 s", {
    timeout: 150_000,
  }, async () => {
    const proxy = async () => {
      const socket = connect(Number(new URL(origin).port), "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      const statuses: number[] = [];
      for (const pause of [0, ...pausesMs]) {
        await sleep(pause);
        for (let n = 0; n < 3; n++) statuses.push(await requestOn(socket));
      }
      socket.destroy();
      return statuses;
    };
    // Node's fetch keeps its sockets in a pool and reuses them for the next burst.
    const pooled = async () => {
      let failed = 0;
      let answered = 0;
      for (const pause of [0, ...pausesMs]) {
        await sleep(pause);
        const burst = Array.from({ length: 100 }, (_, n) =>
          fetch(`${origin}${trackReferrerPath}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              session_id: crypto.randomUUID(),
              referrer: "direct",
              page_url: `https://www.boothpilot.example/?burst=${pause}&n=${n}`,
              user_agent: "keep-alive-test",
            }),
          }).then(
            async (response) => {
              await response.arrayBuffer();
              if (response.status === 200) answered++;
              else failed++;
            },
            () => failed++,
          ),
        );
        await Promise.all(burst);
      }
      return { failed, answered };
    };
    const [statuses, calls] = await Promise.all([proxy(), pooled()]);
    expect(statuses).toEqual(Array(3 * (pausesMs.length + 1)).fill(200));
    expect(calls).toEqual({ failed: 0, answered: 100 * (pausesMs.length + 1) });
  });
});
