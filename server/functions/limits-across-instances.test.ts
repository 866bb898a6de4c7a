// Two instances on one PostgreSQL database count a client's requests together: the contact form's 5 a minute is
// 5 in total, however a round-robin balancer spreads the posts.

import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { trackReferrerPath } from "../../contracts/track-referrer.ts";
import { freshAddress, postJson } from "../test/app.ts";
import { contactFormPost } from "../test/factories.ts";
import { storageTest as it } from "../test/storage.ts";
import { trackReferrerRateLimits } from "./track-referrer.ts";

describe("rate limits across two instances on one PostgreSQL", () => {
  it.override("dialect", "postgres");

  it("hold the contact form at 5 a minute in total from one address", async ({
    apps,
    freshDb,
    freshDbConfig,
  }) => {
    // Each instance with its own connections, as two processes have.
    const first = await apps.start();
    const second = await apps.on(await apps.open(freshDbConfig)).start();
    const address = freshAddress();
    const statuses: number[] = [];
    for (let n = 1; n <= 10; n++) {
      const instance = n % 2 === 0 ? second : first;
      const response = await postJson(
        instance,
        contactFormPath,
        { ...contactFormPost(), message: `round robin ${n}` },
        { address },
      );
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
        expect(Number(response.headers["retry-after"])).toBeLessThanOrEqual(60);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
    const stored = await freshDb.db.selectFrom("contact_messages").select("id").execute();
    expect(stored).toHaveLength(5);
    // Another address still posts, on either instance.
    const other = await postJson(second, contactFormPath, contactFormPost());
    expect(other.statusCode).toBe(200);
  });

  it("hold the visits' limit in total when posts to both arrive at once", async ({
    apps,
    freshDbConfig,
  }) => {
    const instances = [await apps.start(), await apps.on(await apps.open(freshDbConfig)).start()];
    const [limit] = trackReferrerRateLimits;
    const address = freshAddress();
    const responses = await Promise.all(
      Array.from({ length: limit.max + 10 }, (_, n) =>
        postJson(
          instances[n % 2] as (typeof instances)[number],
          trackReferrerPath,
          {
            session_id: randomUUID(),
            referrer: "https://www.google.com/",
            user_agent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0",
            page_url: `https://www.boothpilot.example/?n=${n}`,
          },
          { address },
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit.max);
  });
});
