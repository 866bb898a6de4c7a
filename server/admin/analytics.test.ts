// Referrer analytics on both databases, through the real app: figures from visits and messages stored with known
// times, sources, hosts, paths and campaigns.
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import { type AnalyticsReport, adminApiPaths, referrerSources } from "../../contracts/admin-api.ts";
import type { AppDatabase } from "../db/database.ts";
import type { ReferrerSource } from "../db/schema.ts";
import { adminRequest } from "../test/admin.ts";
import { recordVisit, storeMessage } from "../test/factories.ts";
import { dialects, storageTest } from "../test/storage.ts";
import { analyticsWindow } from "./analytics-routes.ts";

const dayMs = 24 * 60 * 60 * 1000;

interface Visit {
  daysAgo: number;
  source: ReferrerSource;
  host?: string;
  path?: string;
  campaign?: string;
  bot?: boolean;
}

describe.each(dialects)("referrer analytics on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);
  let database: AppDatabase;
  let app: FastifyInstance;
  let session: string;
  /** Noon UTC of today: visits "n days ago" fall on that UTC day whatever the time now. */
  const noonToday = Math.floor(Date.now() / dayMs) * dayMs + dayMs / 2;
  const at = (daysAgo: number) => Math.min(Date.now() - 1_000, noonToday - daysAgo * dayMs);
  const sessions: Record<string, string> = {};

  const visit = async (name: string, v: Visit) => {
    sessions[name] = await recordVisit(
      database,
      {
        referrer_url: v.host ? `https://${v.host}/` : null,
        referrer_host: v.host ?? null,
        source: v.source,
        landing_path: v.path ?? "/",
        utm_campaign: v.campaign ?? null,
        ...(v.bot ? { user_agent: "Googlebot/2.1", is_bot: true } : {}),
      },
      { at: at(v.daysAgo) },
    );
  };

  const message = (daysAgo: number, name: string, sessionName?: string, spam = false) =>
    storeMessage(
      database,
      {
        name,
        email: "someone@example.com",
        message: `Message from ${name}`,
        session_id: sessionName ? (sessions[sessionName] ?? null) : null,
        status: spam ? "spam" : "new",
      },
      { at: at(daysAgo) },
    );

  const report = async (days: number) => {
    // The rollup worker's pass, which a listening server runs every ROLLUP_INTERVAL_MS.
    await app.rollupWorker.catchUp();
    const response = await adminRequest(app, {
      url: `${adminApiPaths.analytics}?days=${days}`,
      session,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AnalyticsReport;
  };

  it.beforeAll(async ({ storage }) => {
    database = await storage.database(dialect);
    ({ app, session } = await storage.apps(dialect).signedIn());
    await visit("google-today", {
      daysAgo: 0,
      source: "organic_search",
      host: "www.google.com",
      path: "/pricing",
      campaign: "spring",
    });
    await visit("google-2", {
      daysAgo: 2,
      source: "organic_search",
      host: "www.google.com",
      path: "/",
    });
    await visit("bing-3", {
      daysAgo: 3,
      source: "organic_search",
      host: "www.bing.com",
      path: "/pricing",
    });
    await visit("facebook-1", {
      daysAgo: 1,
      source: "organic_social",
      host: "facebook.com",
      path: "/features",
      campaign: "spring",
    });
    await visit("chatgpt-6", { daysAgo: 6, source: "ai", host: "chatgpt.com", path: "/" });
    await visit("direct-0", {
      daysAgo: 0,
      source: "direct",
      path: "/contact",
      campaign: "newsletter",
    });
    await visit("direct-5", { daysAgo: 5, source: "direct", path: "/" });
    await visit("bot-today", {
      daysAgo: 0,
      source: "referral",
      host: "crawler.example",
      path: "/",
      bot: true,
    });
    await visit("bot-4", { daysAgo: 4, source: "direct", path: "/pricing", bot: true });
    // Outside the 7-day window (inside 30 days).
    await visit("old-10", {
      daysAgo: 10,
      source: "email",
      host: "mail.google.com",
      path: "/about",
      campaign: "fall",
    });
    await visit("old-40", { daysAgo: 40, source: "organic_social", host: "x.com", path: "/about" });

    await message(0, "From Google", "google-today");
    await message(1, "From Facebook", "facebook-1");
    await message(0, "Direct", "direct-0");
    await message(3, "Untracked");
    await message(0, "Spam from Google", "google-2", true);
    await message(12, "Old, by e-mail", "old-10");
  });
  it("counts the last 7 days: people by source, host, path, campaign and day; bots apart", async () => {
    const result = await report(7);
    const window = analyticsWindow(7, Date.now());
    expect(result.days).toBe(7);
    expect(result.since).toBe(new Date(window.since).toISOString());
    expect(result.until).toBe(new Date(window.until).toISOString());
    expect(result.visits).toBe(7);
    expect(result.botVisits).toBe(2);
    expect(result.bySource).toHaveLength(20);
    expect(result.bySource.filter((row) => row.visits > 0)).toEqual([
      { source: "organic_search", visits: 3 },
      { source: "organic_social", visits: 1 },
      { source: "direct", visits: 2 },
      { source: "ai", visits: 1 },
    ]);
    expect(result.byReferrerHost).toEqual([
      { host: "www.google.com", visits: 2 },
      { host: "chatgpt.com", visits: 1 },
      { host: "facebook.com", visits: 1 },
      { host: "www.bing.com", visits: 1 },
    ]);
    expect(result.byLandingPath).toEqual([
      { path: "/", visits: 3 },
      { path: "/pricing", visits: 2 },
      { path: "/contact", visits: 1 },
      { path: "/features", visits: 1 },
    ]);
    expect(result.byCampaign).toEqual([
      { campaign: "spring", visits: 2 },
      { campaign: "newsletter", visits: 1 },
    ]);
    const day = (daysAgo: number) =>
      new Date(noonToday - daysAgo * dayMs).toISOString().slice(0, 10);
    expect(result.perDay).toEqual([
      { day: day(6), visits: 1 },
      { day: day(5), visits: 1 },
      { day: day(4), visits: 0 },
      { day: day(3), visits: 1 },
      { day: day(2), visits: 1 },
      { day: day(1), visits: 1 },
      { day: day(0), visits: 2 },
    ]);
    expect(result.messagesBySource.filter((row) => row.messages > 0)).toEqual([
      { source: "organic_search", messages: 1 },
      { source: "organic_social", messages: 1 },
      { source: "direct", messages: 1 },
      { source: "untracked", messages: 1 },
    ]);
  });

  it("widens to 30 and 90 days", async () => {
    const thirty = await report(30);
    expect(thirty.visits).toBe(8);
    expect(thirty.perDay).toHaveLength(30);
    expect(thirty.byCampaign).toContainEqual({ campaign: "fall", visits: 1 });
    expect(thirty.messagesBySource).toContainEqual({ source: "email", messages: 1 });
    const ninety = await report(90);
    expect(ninety.visits).toBe(9);
    expect(ninety.bySource.find((row) => row.source === "organic_social")?.visits).toBe(2);
    expect(ninety.perDay).toHaveLength(90);
  });

  it("lists at most the top 10 of a dimension, the most visits first", async () => {
    for (let index = 0; index < 12; index++) {
      await visit(`many-${index}`, {
        daysAgo: 0,
        source: "referral",
        host: `site-${String(index).padStart(2, "0")}.example`,
        path: `/page-${index}`,
      });
    }
    const result = await report(7);
    expect(result.byReferrerHost).toHaveLength(10);
    expect(result.byReferrerHost[0]).toEqual({ host: "www.google.com", visits: 2 });
    expect(result.byLandingPath).toHaveLength(10);
    expect(result.byLandingPath[0]).toEqual({ path: "/", visits: 3 });
  });

  it("filters by one source class", async () => {
    const all = await report(7);
    const response = await adminRequest(app, {
      url: `${adminApiPaths.analytics}?days=7&source=organic_search`,
      session,
    });
    expect(response.statusCode, response.body).toBe(200);
    const search = response.json() as AnalyticsReport;
    const searchVisits = all.bySource.find((row) => row.source === "organic_search")?.visits;
    expect(searchVisits).toBeGreaterThan(0);
    expect(search.visits).toBe(searchVisits);
    expect(search.bySource.filter((row) => row.visits > 0)).toEqual([
      { source: "organic_search", visits: searchVisits },
    ]);
    expect(search.byReferrerHost.map((row) => row.host)).toEqual([
      "www.google.com",
      "www.bing.com",
    ]);
    const bad = await adminRequest(app, { url: `${adminApiPaths.analytics}?source=fax`, session });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: `source must be one of: ${referrerSources.join(", ")}`,
    });
  });

  it("accepts only 7, 30 or 90 days", async () => {
    const cases: [string, string][] = [
      ["?days=14", "days must be one of: 7, 30, 90"],
      ["?days=", "days must be one of: 7, 30, 90"],
      ["?days=7&days=30", "days must be one of: 7, 30, 90"],
      ["?range=7", "Unknown query parameter: range"],
    ];
    for (const [query, error] of cases) {
      const response = await adminRequest(app, {
        url: `${adminApiPaths.analytics}${query}`,
        session,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error });
    }
    expect((await report(30)).days).toBe(30);
  });
});
