// The receivers a webhook is never posted to: an IPv6 address that carries a loopback or private IPv4 one (mapped,
// NAT64, 6to4, IPv4-compatible) or is local-use (NAT64 for local use, site-local) is refused before any connection,
// while the same forms carrying a public IPv4 address are tried.
import { describe, expect, it } from "vitest";
import { DeliveryError, defaultHttpPostOptions, httpPost } from "./http-post.ts";

const options = { ...defaultHttpPostOptions, timeoutMs: 500, allowPrivate: false };

const post = (url: string) => httpPost(url, "{}", {}, options);

describe("the webhook address guard", () => {
  it.each([
    ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/hooks", "::ffff:7f00:1"],
    ["NAT64 of loopback", "http://[64:ff9b::127.0.0.1]/hooks", "64:ff9b::7f00:1"],
    ["NAT64 of a private address", "http://[64:ff9b::a00:1]/hooks", "64:ff9b::a00:1"],
    ["local-use NAT64", "http://[64:ff9b:1::808:808]/hooks", "64:ff9b:1::808:808"],
    ["6to4 of a private address", "http://[2002:c0a8:101::1]/hooks", "2002:c0a8:101::1"],
    ["6to4 of loopback", "http://[2002:7f00:1::]/hooks", "2002:7f00:1::"],
    ["IPv4-compatible loopback", "http://[::127.0.0.1]/hooks", "::7f00:1"],
    ["IPv4-compatible public address", "http://[::8.8.8.8]/hooks", "::808:808"],
    ["site-local", "http://[fec0::1]/hooks", "fec0::1"],
  ])("refuses %s (%s) at once, for good", async (_form, url, shown) => {
    const error = await post(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryError);
    const refusal = error as DeliveryError;
    expect([refusal.message, refusal.kind, refusal.final]).toEqual([
      `refused: the receiver is on a private or loopback address (${shown}); set WEBHOOK_ALLOW_PRIVATE=on to allow it`,
      "permanent",
      true,
    ]);
  });

  it.each([
    ["NAT64 of a public address", "http://[64:ff9b::808:808]/hooks"],
    ["6to4 of a public address", "http://[2002:808:808::1]/hooks"],
  ])("tries %s (%s): whatever comes of it, it is not a refusal", async (_form, url) => {
    // The test machine has no route there: the attempt fails to connect or times out, to be retried.
    const error = await post(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryError);
    const failure = error as DeliveryError;
    expect(failure.final).toBe(false);
    expect(failure.message).not.toMatch(/^refused/);
  });
});
