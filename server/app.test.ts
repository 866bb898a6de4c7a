import { describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { parseEnv } from "./env.ts";

describe("buildApp without a database", () => {
  it("serves no server functions (a site-only instance), and says so in the JSON shape", async () => {
    const app = await buildApp({ env: parseEnv({}) });
    try {
      expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      const response = await app.inject({
        method: "POST",
        url: "/functions/v1/track-referrer",
        payload: {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: "Not found" });
    } finally {
      await app.close();
    }
  });
});
