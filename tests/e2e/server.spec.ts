// What the server sends with the site: status codes, security headers, compression and caching.
import { expect, test } from "./fixtures.ts";

test("pages carry the security headers and a CSP whose hashes let the page run", async ({
  request,
}) => {
  const response = await request.get("/pricing", { headers: { "accept-encoding": "br" } });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["content-encoding"]).toBe("br");
  expect(headers["content-type"]).toContain("text/html");
  expect(headers["cache-control"]).toBe("public, max-age=300, must-revalidate");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+/);
  // SITE_URL is https here (its default): HSTS on every answer, which browsers ignore over plain http.
  expect(headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains; preload");
});

test("hashed assets are immutable and served gzip to clients without brotli", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(css).toBeTruthy();
  const response = await request.get(css ?? "", { headers: { "accept-encoding": "gzip" } });
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-encoding"]).toBe("gzip");
});

test("scripts and stylesheets carry only the headers a subresource needs, not the document's", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const script = /data-site-script="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const css = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  for (const url of [script, css]) {
    expect(url).toBeTruthy();
    const headers = (
      await request.get(url ?? "", { headers: { "accept-encoding": "br" } })
    ).headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const documentHeader of [
      "content-security-policy",
      "x-frame-options",
      "cross-origin-opener-policy",
      "permissions-policy",
      "referrer-policy",
      "origin-agent-cluster",
    ]) {
      expect(headers[documentHeader], `${url}: ${documentHeader}`).toBeUndefined();
    }
  }
});

test("clean URLs: a trailing slash redirects, file paths are not exposed", async ({ request }) => {
  const slash = await request.get("/pricing/", { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  expect(slash.headers().location).toBe("/pricing");
  expect((await request.get("/pricing/index.html")).status()).toBe(404);
  expect((await request.get("/index.html.br")).status()).toBe(404);
});

test("healthz answers 200", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
});
