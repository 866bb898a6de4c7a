// One POST to a webhook receiver, bounded every way a receiver (or a configuration mistake) could hurt the server:
// a time limit on the whole attempt, at most 64 KiB of the answer read, redirects never followed, and no request to
// a loopback, private or link-local address unless allowed (checked on the address actually connected to, so a
// name that resolves there is refused too; an IPv6 address that carries an IPv4 one is judged by the IPv4 one).
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
  // IPv4-compatible (deprecated, never a real receiver), with the unspecified address and loopback in it.
  ["::", 96],
  // Local-use NAT64: translated by the network's own gateway, to whatever it chooses.
  ["64:ff9b:1::", 48],
  ["fc00::", 7],
  ["fe80::", 10],
  // Site-local: deprecated, still routed inside some networks.
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}

/** The eight 16-bit groups of an IPv6 address (as isIP accepts it: `::`, a dotted IPv4 tail, a zone). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0] ?? "";
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const groups = (part: string) =>
    part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16));
  if (tail === undefined) return groups(head);
  const start = groups(head);
  const end = groups(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

const dottedOf = (high: number, low: number) =>
  [high >> 8, high & 255, low >> 8, low & 255].join(".");

/**
 * The IPv4 address an IPv6 one leads to: IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96, the DNS64 answer for
 * an IPv4-only name on an IPv6-only network) and 6to4 (2002::/16, its IPv4 in the next 32 bits); else null.
 */
function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1 = 0, g2 = 0, , , , g6 = 0, g7 = 0] = groups;
  const first96 = groups
    .slice(0, 6)
    .map((group) => group.toString(16))
    .join(":");
  if (first96 === "0:0:0:0:0:ffff" || first96 === "64:ff9b:0:0:0:0") return dottedOf(g6, g7);
  if (g0 === 0x2002) return dottedOf(g1, g2);
  return null;
}

/**
 * True for a loopback, private, link-local, shared, multicast or reserved address, an IPv6 one carrying such an
 * IPv4 address (mapped, NAT64, 6to4) included.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return notPublic.check(address, "ipv4");
  const embedded = embeddedIpv4(ipv6Groups(address));
  if (embedded !== null) return notPublic.check(embedded, "ipv4");
  return notPublic.check(address, "ipv6");
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
