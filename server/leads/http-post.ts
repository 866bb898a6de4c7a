// One POST to a webhook receiver, bounded every way a receiver (or a configuration mistake) could hurt the server:
// a time limit on the whole attempt, at most 64 KiB of the answer read, redirects never followed, and no request to
// a loopback, private or link-local address unless allowed (checked on the address actually connected to, so a
// name that resolves there is refused too).
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import type { MailErrorKind } from "../db/schema.ts";

export interface HttpPostOptions {
  timeoutMs: number;
  maxAnswerBytes: number;
  /** WEBHOOK_ALLOW_PRIVATE=on: loopback and private receivers are allowed. */
  allowPrivate: boolean;
  signal?: AbortSignal | undefined;
}

export const defaultHttpPostOptions = { timeoutMs: 10_000, maxAnswerBytes: 64 * 1024 } as const;

/** Why an attempt failed, and what that says: as the mail outbox sorts SMTP failures (ADR 5). */
export class DeliveryError extends Error {
  override name = "DeliveryError";
  readonly kind: MailErrorKind;
  /** Never worth another attempt: the receiver is refused by configuration. */
  readonly final: boolean;
  constructor(message: string, kind: MailErrorKind, final = false) {
    super(message);
    this.kind = kind;
    this.final = final;
  }
}

const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}

/** True for a loopback, private, link-local, shared, multicast or reserved address (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return notPublic.check(mapped, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return notPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}

const refusedText = (address: string) =>
  `refused: the receiver is on a private or loopback address (${address}); set WEBHOOK_ALLOW_PRIVATE=on to allow it`;

/** dns.lookup, then the refusal of a private address before any connection is made. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, "", 0);
      const addresses = found as LookupAddress[];
      const refused = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (refused) {
        return callback(
          Object.assign(new Error(refusedText(refused.address)), { code: "EPRIVATE" }),
          "",
          0,
        );
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`no address for ${hostname}`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

const transientStatuses = new Set([408, 425, 429]);

/** Posts `body`; resolves with the receiver's 2xx status, or rejects with a DeliveryError. */
export function httpPost(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: HttpPostOptions,
): Promise<number> {
  const target = new URL(url);
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  if (!options.allowPrivate && isIP(literal) !== 0 && isPrivateAddress(literal)) {
    return Promise.reject(new DeliveryError(refusedText(literal), "permanent", true));
  }
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(target, {
      method: "POST",
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "BoothPilot-Webhooks/1",
      },
      lookup: guardedLookup(options.allowPrivate),
      // One connection per attempt: nothing of a failed receiver lingers in a pool.
      agent: false,
      signal: AbortSignal.any([
        AbortSignal.timeout(options.timeoutMs),
        ...(options.signal ? [options.signal] : []),
      ]),
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPRIVATE") reject(new DeliveryError(error.message, "permanent", true));
      else if (error.name === "AbortError" || error.name === "TimeoutError") {
        reject(new DeliveryError(`no answer in ${options.timeoutMs} ms`, "connection"));
      } else reject(new DeliveryError(error.message, "connection"));
    });
    request.on("response", (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      const settle = () => {
        if (status >= 200 && status < 300) resolve(status);
        else if (status >= 300 && status < 400) {
          reject(new DeliveryError(`${status}: redirects are not followed`, "permanent"));
        } else if (status >= 500 || transientStatuses.has(status)) {
          reject(new DeliveryError(`${status} from the receiver`, "transient"));
        } else reject(new DeliveryError(`${status} from the receiver`, "permanent"));
      };
      // The answer is read only to end the exchange: past the limit, the connection is closed.
      response.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > options.maxAnswerBytes) {
          response.destroy();
          settle();
        }
      });
      response.on("end", settle);
      response.on("error", settle);
    });
    request.end(body);
  });
}
