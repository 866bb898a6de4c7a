// The analytics breakdown on both databases, through the real app: visits and messages stored with known days and
// keys and hours, then every panel, filter combination, comparison with the previous period, conversion count and
// today's hours checked against a direct count of what was stored; ranges validated; a panel and the series as CSV.
import type { FastifyInstance } from "fastify";
import { describe, expect } from "vitest";
import {
  type AnalyticsBreakdown,
  adminApiPaths,
  audiencePanels,
  type BreakdownRow,
  legacySources,
  referrerSources,
} from "../../contracts/admin-api.ts";
import type { EventName } from "../../contracts/event-names.ts";
import { addDays, startOfDay, zonedDay, zonedHour } from "../../contracts/time-zone.ts";
import type { AppDatabase } from "../db/database.ts";
import type { ReferrerSource } from "../db/schema.ts";
import { adminEnv, adminRequest } from "../test/admin.ts";
import { appendEvent, recordVisit, storeMessage } from "../test/factories.ts";
import { dialects, storageTest } from "../test/storage.ts";
import { defaultReportLimits } from "./report-limits.ts";

const dayMs = 24 * 60 * 60 * 1000;

interface Seeded {
  daysAgo: number;
  /** Hours before noon of that day (today's later than now are now). */
  hoursBack: number;
  source: ReferrerSource;
  host: string;
  path: string;
  utmSource: string;
  utmMedium: string;
  campaign: string;
  bot: boolean;
  /** A contact message was sent from this visit (same day). */
  message: boolean;
  /** Pages viewed in the visit (its landing page first), and whether it clicked Sign Up Free. */
  pages: number;
  signup: boolean;
  device: "desktop" | "mobile" | null;
}

/** A fixed spread of visits over 20 days (a small linear congruential generator: the same every run). */
function seedVisits(): Seeded[] {
  let state = 42;
  const pick = <T>(list: readonly T[]): T => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return list[state % list.length] as T;
  };
  const sources = ["organic_search", "organic_social", "direct", "email"] as const;
  const hosts: Record<(typeof sources)[number], string[]> = {
    organic_search: ["www.google.com", "www.bing.com"],
    organic_social: ["facebook.com", "x.com"],
    direct: [""],
    email: ["mail.google.com"],
  };
  return Array.from({ length: 90 }, () => {
    const source = pick(sources);
    return {
      daysAgo: pick([0, 1, 2, 3, 5, 6, 7, 8, 10, 13, 15, 19]),
      hoursBack: pick([0, 1, 3, 4, 7, 11]),
      source,
      host: pick(hosts[source]),
      path: pick(["/", "/pricing", "/features", "/contact"]),
      utmSource: pick(["", "google", "newsletter"]),
      utmMedium: pick(["", "cpc", "email"]),
      campaign: pick(["", "spring", "fall"]),
      bot: pick([false, false, false, false, true]),
      message: pick([false, false, false, true]),
      pages: pick([1, 1, 2, 3]),
      signup: pick([false, false, true]),
      device: pick(["desktop", "mobile", null] as const),
    };
  });
}

/** The panels of the wide rollups' keys: each seeded visit's value in it. */
const keyPanels = {
  source: (v: Seeded) => v.source,
  host: (v: Seeded) => v.host,
  landing: (v: Seeded) => v.path,
  utmSource: (v: Seeded) => v.utmSource,
  utmMedium: (v: Seeded) => v.utmMedium,
  campaign: (v: Seeded) => v.campaign,
} as const;

describe.each(dialects)("analytics breakdown on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);
  let database: AppDatabase;
  let app: FastifyInstance;
  let session: string;
  const seeded = seedVisits();
  const noonToday = Math.floor(Date.now() / dayMs) * dayMs + dayMs / 2;
  const hourMs = 60 * 60 * 1000;
  const at = (daysAgo: number, hoursBack = 0) =>
    Math.min(Date.now() - 1_000, noonToday - daysAgo * dayMs - hoursBack * hourMs);

  const get = async (query: string) => {
    // The rollup worker's pass, which a listening server runs every ROLLUP_INTERVAL_MS.
    await app.rollupWorker.catchUp();
    const response = await adminRequest(app, {
      url: `${adminApiPaths.analyticsBreakdown}?${query}`,
      session,
    });
    return response;
  };
  const breakdown = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as AnalyticsBreakdown;
  };

  /** What the breakdown must say, counted from the seeded visits directly. */
  const expected = (
    from: number,
    to: number,
    keep: (visit: Seeded) => boolean,
    key: (visit: Seeded) => string,
  ) => {
    const rows = new Map<string, { visits: number; messages: number; signups: number }>();
    for (const visit of seeded) {
      if (visit.daysAgo < from || visit.daysAgo > to || !keep(visit)) continue;
      const row = rows.get(key(visit)) ?? { visits: 0, messages: 0, signups: 0 };
      if (!visit.bot) row.visits++;
      if (!visit.bot && visit.signup) row.signups++;
      if (visit.message) row.messages++;
      rows.set(key(visit), row);
    }
    return [...rows]
      .filter(([, row]) => row.visits > 0 || row.messages > 0)
      .map(([value, row]) => ({ value, ...row }))
      .sort((a, b) => a.value.localeCompare(b.value));
  };
  const shown = (rows: BreakdownRow[], previous = false) =>
    rows
      .map((row) =>
        previous
          ? {
              value: row.value,
              visits: row.previousVisits,
              messages: row.previousMessages,
              signups: row.previousSignups,
            }
          : { value: row.value, visits: row.visits, messages: row.messages, signups: row.signups },
      )
      .filter((row) => row.visits > 0 || row.messages > 0)
      .sort((a, b) => a.value.localeCompare(b.value));

  it.beforeAll(async ({ storage }) => {
    database = await storage.database(dialect);
    // One person reads every report of this file from one app: the per-person windows (console-requests.test.ts)
    // would count the whole file as one burst of clicks.
    ({ app, session } = await storage.apps(dialect).signedIn(undefined, {
      testing: { reportLimits: { ...defaultReportLimits, perPerson: [] } },
    }));
    for (const visit of seeded) {
      const when = { at: at(visit.daysAgo, visit.hoursBack) };
      const sessionId = await recordVisit(
        database,
        {
          referrer_url: visit.host ? `https://${visit.host}/` : null,
          referrer_host: visit.host || null,
          source: visit.source,
          landing_path: visit.path,
          utm_source: visit.utmSource || null,
          utm_medium: visit.utmMedium || null,
          utm_campaign: visit.campaign || null,
          device: visit.device,
          ...(visit.bot ? { user_agent: "Googlebot/2.1", is_bot: true } : {}),
        },
        when,
      );
      const paths = [visit.path, "/pricing", "/features/booth-maps"].slice(0, visit.pages);
      for (const path of paths) await appendEvent(database, { session_id: sessionId, path }, when);
      if (visit.signup)
        await appendEvent(database, { session_id: sessionId, name: "sign_up" }, when);
      if (visit.message) {
        await storeMessage(
          database,
          { name: "Organizer", message: `From ${sessionId}`, session_id: sessionId },
          when,
        );
      }
    }
  });

  it("gives every panel's visits and messages, and the previous period's", async () => {
    const report = await breakdown("range=7d");
    for (const [panel, key] of Object.entries(keyPanels)) {
      const rows = report.panels[panel as keyof typeof keyPanels];
      expect(shown(rows), panel).toEqual(expected(0, 6, () => true, key));
      expect(shown(rows, true), `${panel}, previous`).toEqual(
        expected(7, 13, () => true, key).filter((row) => rows.some((r) => r.value === row.value)),
      );
    }
    const total = expected(
      0,
      6,
      () => true,
      () => "all",
    )[0];
    expect(report.totals).toMatchObject({ visits: total?.visits, messages: total?.messages });
    const before = expected(
      7,
      13,
      () => true,
      () => "all",
    )[0];
    expect(report.previousTotals).toMatchObject({
      visits: before?.visits,
      messages: before?.messages,
    });
    expect(report.totals.botVisits).toBe(seeded.filter((v) => v.daysAgo <= 6 && v.bot).length);
    expect(report.series).toHaveLength(7);
    expect(report.series.reduce((sum, day) => sum + day.visits, 0)).toBe(total?.visits);
    expect(report.series.reduce((sum, day) => sum + day.previousVisits, 0)).toBe(before?.visits);
  });

  it("counts sign-up clicks, pageviews, top pages, goals and devices of people's visits", async () => {
    const report = await breakdown("range=30d");
    const people = seeded.filter((visit) => !visit.bot && visit.daysAgo <= 29);
    const sum = (of: (visit: Seeded) => number) => people.reduce((n, v) => n + of(v), 0);
    expect(report.totals).toMatchObject({
      visits: people.length,
      pageviews: sum((v) => v.pages),
      signups: sum((v) => (v.signup ? 1 : 0)),
      clicks: sum((v) => (v.signup ? 1 : 0)),
    });
    expect(report.panels.goal.map((row) => [row.value, row.clicks, row.signups])).toEqual([
      ["sign_up", report.totals.signups, report.totals.signups],
    ]);
    const pageviews = new Map<string, number>();
    for (const visit of people) {
      for (const path of [visit.path, "/pricing", "/features/booth-maps"].slice(0, visit.pages)) {
        pageviews.set(path, (pageviews.get(path) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(report.panels.page.map((row) => [row.value, row.pageviews]))).toEqual(
      Object.fromEntries(pageviews),
    );
    const considered = people.filter((v) =>
      [v.path, "/pricing", "/features/booth-maps"]
        .slice(0, v.pages)
        .some((path) => path === "/pricing" || path.startsWith("/features")),
    );
    expect(report.funnel).toEqual({
      landed: people.length,
      considered: considered.length,
      signedUp: people.filter((v) => v.signup).length,
    });
    expect(shown(report.panels.device)).toEqual(
      expected(
        0,
        29,
        () => true,
        (v) => v.device ?? "",
      ),
    );
    expect(report.unfilteredPanels).toEqual([]);
    // A campaign filter narrows the visit panels, not the audience ones (the console says so).
    const spring = await breakdown("range=30d&campaign=spring");
    expect(spring.unfilteredPanels).toEqual(["page", "goal", "device", "browser", "os", "country"]);
    expect(spring.totals.signups).toBe(
      people.filter((v) => v.campaign === "spring" && v.signup).length,
    );
  });

  it("filters every panel and the series by one or several values, like a direct count", async () => {
    const report = await breakdown(
      "range=30d&source=organic_search&source=organic_social&landing=%2Fpricing",
    );
    const keep = (v: Seeded) =>
      (v.source === "organic_search" || v.source === "organic_social") && v.path === "/pricing";
    expect(shown(report.panels.host)).toEqual(expected(0, 29, keep, (v) => v.host));
    expect(shown(report.panels.campaign)).toEqual(expected(0, 29, keep, (v) => v.campaign));
    expect(report.filters).toEqual({
      source: ["organic_search", "organic_social"],
      host: [],
      landing: ["/pricing"],
      campaign: [],
    });
    // The stored visits counted in SQL, not through the rollups.
    const direct = await database.db
      .selectFrom("referrer_visits")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("source", "in", ["organic_search", "organic_social"])
      .where("landing_path", "=", "/pricing")
      .where("is_bot", "=", false)
      .executeTakeFirstOrThrow();
    expect(report.totals.visits).toBe(Number(direct.n));
    expect(report.series.reduce((sum, day) => sum + day.visits, 0)).toBe(Number(direct.n));

    // By source class alone the narrow rollups answer: the same figures.
    const search = await breakdown("range=30d&source=organic_search");
    const isSearch = (v: Seeded) => v.source === "organic_search";
    expect(shown(search.panels.host)).toEqual(expected(0, 29, isSearch, (v) => v.host));
    expect(shown(search.panels.utmMedium)).toEqual(expected(0, 29, isSearch, (v) => v.utmMedium));
    expect(shown(search.panels.landing, true)).toEqual(
      expected(30, 59, isSearch, (v) => v.path).filter((row) =>
        search.panels.landing.some((r) => r.value === row.value),
      ),
    );

    const campaign = await breakdown("range=30d&campaign=spring&host=www.google.com");
    const spring = (v: Seeded) => v.campaign === "spring" && v.host === "www.google.com";
    expect(shown(campaign.panels.landing)).toEqual(expected(0, 29, spring, (v) => v.path));
  });

  it("filtered by one campaign or one host, each panel's rows sum to the totals", async () => {
    const plain = await breakdown("range=7d");
    // A bot's visit counts nowhere, and its message under no tracked visit: not under the visit's campaign or host.
    const filters = [
      ["campaign=spring", (v: Seeded) => !v.bot && v.campaign === "spring"],
      ["host=www.google.com", (v: Seeded) => !v.bot && v.host === "www.google.com"],
    ] as const;
    for (const [query, keep] of filters) {
      const report = await breakdown(`range=7d&${query}`);
      const [now] = expected(0, 6, keep, () => "all");
      const [before] = expected(7, 13, keep, () => "all");
      expect(report.totals, query).toMatchObject({ visits: now?.visits, messages: now?.messages });
      expect(report.previousTotals, query).toMatchObject({
        visits: before?.visits,
        messages: before?.messages,
      });
      const sum = (rows: readonly BreakdownRow[], of: (row: BreakdownRow) => number) =>
        rows.reduce((total, row) => total + of(row), 0);
      for (const [panel, key] of Object.entries(keyPanels)) {
        const rows = report.panels[panel as keyof typeof keyPanels];
        expect(shown(rows), `${query}, ${panel}`).toEqual(expected(0, 6, keep, key));
        expect(
          sum(rows, (row) => row.visits),
          `${query}, ${panel}`,
        ).toBe(report.totals.visits);
        expect(
          sum(rows, (row) => row.messages),
          `${query}, ${panel}`,
        ).toBe(report.totals.messages);
        expect(
          sum(rows, (row) => row.signups),
          `${query}, ${panel}`,
        ).toBe(report.totals.signups);
      }
      expect(report.series.reduce((total, point) => total + point.visits, 0)).toBe(
        report.totals.visits,
      );
      expect(report.series.reduce((total, point) => total + point.previousVisits, 0)).toBe(
        report.previousTotals.visits,
      );
      // What the wide rows do not hold is the unfiltered report's, and says so.
      expect(report.unfilteredPanels).toEqual([...audiencePanels]);
      for (const panel of audiencePanels) {
        expect(report.panels[panel], `${query}, ${panel}`).toEqual(plain.panels[panel]);
      }
      expect(report.funnel).toEqual(plain.funnel);
    }
  });

  it("charts today per UTC hour beside yesterday's hours, filtered like the panels", async () => {
    const startOfToday = Math.floor(Date.now() / dayMs) * dayMs;
    /** People's visits and messages per hour of a day, counted from the seeded visits. */
    const perHour = (daysAgo: number, keep: (visit: Seeded) => boolean) => {
      const hours = Array.from({ length: 24 }, () => ({ visits: 0, messages: 0 }));
      for (const visit of seeded) {
        if (visit.daysAgo !== daysAgo || !keep(visit)) continue;
        const hour = new Date(at(visit.daysAgo, visit.hoursBack)).getUTCHours();
        const counts = hours[hour] as { visits: number; messages: number };
        if (!visit.bot) counts.visits++;
        if (visit.message) counts.messages++;
      }
      return hours;
    };
    for (const [query, keep] of [
      ["range=today", () => true],
      [
        "range=today&source=organic_search&source=direct",
        (v: Seeded) => ["organic_search", "direct"].includes(v.source),
      ],
      ["range=today&landing=%2Fpricing", (v: Seeded) => v.path === "/pricing"],
    ] as const) {
      const today = await breakdown(query);
      expect(today.grain, query).toBe("hour");
      expect(today.series.map((point) => point.start)).toEqual(
        Array.from({ length: 24 }, (_, h) => new Date(startOfToday + h * hourMs).toISOString()),
      );
      const now = perHour(0, keep);
      const yesterday = perHour(1, keep);
      expect(
        today.series.map((point) => [point.visits, point.messages, point.previousVisits]),
        query,
      ).toEqual(now.map((counts, h) => [counts.visits, counts.messages, yesterday[h]?.visits]));
    }
    const csv = await adminRequest(app, {
      url: `${adminApiPaths.analyticsCsv}?range=today`,
      session,
    });
    const lines = csv.rawPayload.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      'Hour (UTC),Visits,Pageviews,Sign-up clicks,Messages,"Visits, previous period"',
    );
    expect(lines).toHaveLength(25);
    expect(lines[1]).toMatch(/^\d{4}-\d\d-\d\d 00:00,\d+,\d+,\d+,\d+,\d+$/);
  });

  it("takes today, 12 months and custom ranges of whole UTC days", async () => {
    const today = await breakdown("range=today");
    expect(today.since).toBe(new Date(Math.floor(Date.now() / dayMs) * dayMs).toISOString());
    expect(today.totals.visits).toBe(
      expected(
        0,
        0,
        () => true,
        () => "all",
      )[0]?.visits ?? 0,
    );
    const year = await breakdown("range=12m");
    expect(year.series).toHaveLength(365);
    expect(year.totals.visits).toBe(seeded.filter((v) => !v.bot).length);

    const day = (daysAgo: number) => new Date(at(daysAgo)).toISOString().slice(0, 10);
    const custom = await breakdown(`range=custom&from=${day(8)}&to=${day(5)}`);
    expect(custom.grain).toBe("day");
    expect(custom.series.map((d) => d.start.slice(0, 10))).toEqual([
      day(8),
      day(7),
      day(6),
      day(5),
    ]);
    expect(custom.totals.visits).toBe(
      expected(
        5,
        8,
        () => true,
        () => "all",
      )[0]?.visits,
    );
    expect(custom.previousSince).toBe(new Date(`${day(12)}T00:00:00Z`).toISOString());
  });

  it("sums the days per ISO week or calendar month when asked, in the series and its CSV", async () => {
    const day = (daysAgo: number) => new Date(at(daysAgo)).toISOString().slice(0, 10);
    const monday = (daysAgo: number) => {
      const start = Date.parse(`${day(daysAgo)}T00:00:00Z`);
      return new Date(start - ((new Date(start).getUTCDay() + 6) % 7) * dayMs).toISOString();
    };
    const firstOfMonth = (daysAgo: number) => `${day(daysAgo).slice(0, 7)}-01T00:00:00.000Z`;
    /** People's visits per week or month of the last `length` days, and of the days as long before them. */
    const grouped = (length: number, period: (daysAgo: number) => string) => {
      const points = new Map<string, { visits: number; previousVisits: number }>();
      for (let daysAgo = length - 1; daysAgo >= 0; daysAgo--) {
        if (!points.has(period(daysAgo)))
          points.set(period(daysAgo), { visits: 0, previousVisits: 0 });
      }
      for (const visit of seeded) {
        if (visit.bot || visit.daysAgo >= 2 * length) continue;
        const now = visit.daysAgo < length;
        const point = points.get(period(now ? visit.daysAgo : visit.daysAgo - length));
        if (point && now) point.visits++;
        else if (point) point.previousVisits++;
      }
      return [...points].map(([start, figures]) => ({ start, ...figures }));
    };
    const cases = [
      // The previous 7 days hold visits: their sums are checked too.
      [`range=custom&from=${day(6)}&to=${day(0)}&group=week`, "week", 7, monday],
      ["range=30d&group=week", "week", 30, monday],
      ["range=90d&group=month", "month", 90, firstOfMonth],
    ] as const;
    for (const [query, grain, length, period] of cases) {
      const report = await breakdown(query);
      expect(report.grain, query).toBe(grain);
      expect(
        report.series.map(({ start, visits, previousVisits }) => ({
          start,
          visits,
          previousVisits,
        })),
        query,
      ).toEqual(grouped(length, period));
      expect(
        report.series.reduce((sum, point) => sum + point.messages, 0),
        query,
      ).toBe(report.totals.messages);
    }
    const week = await breakdown("range=30d&group=week");
    expect(week.series.every((point) => new Date(point.start).getUTCDay() === 1)).toBe(true);

    const csv = await adminRequest(app, {
      url: `${adminApiPaths.analyticsCsv}?range=90d&group=month`,
      session,
    });
    const lines = csv.rawPayload.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      'Month (UTC),Visits,Pageviews,Sign-up clicks,Messages,"Visits, previous period"',
    );
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 2))).toEqual(
      grouped(90, firstOfMonth).map((point) => [point.start.slice(0, 10), String(point.visits)]),
    );
  });

  it("refuses a bad range with a clear error", async () => {
    const tomorrow = new Date(Date.now() + dayMs).toISOString().slice(0, 10);
    const cases: [string, string][] = [
      ["range=week", "range must be one of: today, 7d, 30d, 90d, 12m, custom"],
      ["range=custom&from=2026-11-01", "range=custom needs from and to"],
      ["range=custom&from=2026-11-10&to=2026-11-01", "from must not be after to"],
      ["range=custom&from=2026-02-30&to=2026-03-01", "from must be a day such as 2026-11-01"],
      [`range=custom&from=2026-11-01&to=${tomorrow}`, "to must not be after today (UTC)"],
      ["range=custom&from=2020-01-01&to=2026-01-01", "A custom range is at most 731 days"],
      ["range=7d&from=2026-11-01", "from and to go with range=custom only"],
      [
        "source=tv",
        `source must be one of: ${[...referrerSources, ...legacySources].join(", ")}, untracked`,
      ],
      ["colour=red", "Unknown query parameter: colour"],
      ["range=12m&group=year", "group must be one of: day, week, month"],
      ["range=today&group=week", "group goes with ranges of days, not today"],
    ];
    for (const [query, error] of cases) {
      const response = await get(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error });
    }
  });
});

describe.each(dialects)("analytics CSV on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  it("downloads a panel and the series as CSV, figures and rates as written", async ({ apps }) => {
    const { app, session } = await apps.signedIn();
    // Two days ago (in the last 7 days) and nine days ago (in the 7 before them), on the same hour.
    const now = Date.now() - 2 * dayMs;
    const before = Date.now() - 9 * dayMs;
    const day = (daysAgo: number) =>
      new Date(Date.now() - daysAgo * dayMs).toISOString().slice(0, 10);
    const visit = async (
      source: ReferrerSource,
      at: number,
      pages: string[],
      clicks: EventName[],
      messages: number,
    ) => {
      const host = source === "organic_search" ? "www.google.com" : null;
      const sessionId = await recordVisit(
        app,
        { source, referrer_host: host, referrer_url: host && `https://${host}/` },
        { at },
      );
      for (const path of pages) await appendEvent(app, { session_id: sessionId, path }, { at });
      for (const name of clicks) {
        await appendEvent(app, { session_id: sessionId, name }, { at });
      }
      for (let n = 1; n <= messages; n++) {
        await storeMessage(
          app,
          { message: `Message ${n} of ${sessionId}`, session_id: sessionId },
          { at },
        );
      }
    };
    // Organic Search: 3 visits, 4 pageviews, 2 sign-up clicks from 1 visit, a video click, 3 messages from 2 visits.
    await visit("organic_search", now, ["/", "/pricing"], ["sign_up", "sign_up"], 2);
    await visit("organic_search", now, ["/"], [], 1);
    await visit("organic_search", now, ["/features"], ["video"], 0);
    // Direct: 1 visit whose guide sign-up counts as a sign-up.
    await visit("direct", now, ["/guides"], ["guide_sign_up"], 0);
    // A message without a visit: no visit to divide by, so no rates.
    await storeMessage(app, { message: "No visit" }, { at: now });
    // The previous period: 2 Organic Search visits, one signing up, one sending a message.
    await visit("organic_search", before, ["/"], ["sign_up"], 0);
    await visit("organic_search", before, ["/"], [], 1);
    await app.rollupWorker.catchUp();

    const response = await adminRequest(app, {
      url: `${adminApiPaths.analyticsCsv}?range=7d&panel=source`,
      session,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="boothpilot-source-${day(6)}-to-${day(0)}.csv"`,
    );
    expect(response.rawPayload.toString("utf8")).toBe(
      [
        "\uFEFFChannel,Visits,Pageviews,Sign-up clicks,Visits that clicked sign-up,Sign-up rate (%),Goal clicks," +
          "Messages,Visits that sent a message,Conversion rate (%)," +
          '"Visits, previous period","Sign-up clicks, previous period","Messages, previous period"',
        "Organic Search,3,4,2,1,33.33,3,3,2,66.67,2,1,1",
        "Direct,1,1,1,1,100,1,0,0,0,0,0,0",
        "No tracked visit,0,0,0,0,,0,1,0,,0,0,0",
        "",
      ].join("\r\n"),
    );

    const series = await adminRequest(app, {
      url: `${adminApiPaths.analyticsCsv}?range=7d`,
      session,
    });
    expect(series.rawPayload.toString("utf8")).toBe(
      [
        '\uFEFFDay (UTC),Visits,Pageviews,Sign-up clicks,Messages,"Visits, previous period"',
        `${day(6)},0,0,0,0,0`,
        `${day(5)},0,0,0,0,0`,
        `${day(4)},0,0,0,0,0`,
        `${day(3)},0,0,0,0,0`,
        `${day(2)},4,5,3,4,2`,
        `${day(1)},0,0,0,0,0`,
        `${day(0)},0,0,0,0,0`,
        "",
      ].join("\r\n"),
    );
  });
});

describe.each(dialects)("analytics days in ANALYTICS_TIME_ZONE on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  it("cuts days and hours at the zone's midnight, and says which zone", async ({ apps }) => {
    const timeZone = "America/New_York";
    const { app, session } = await apps.signedIn({ ...adminEnv, ANALYTICS_TIME_ZONE: timeZone });
    const today = zonedDay(Date.now(), timeZone);
    const midnight = startOfDay(today, timeZone);
    // A minute before the zone's midnight is yesterday there, whatever day it is in UTC.
    await recordVisit(app, { utm_campaign: "late" }, { at: midnight - 60_000 });
    const early = Math.min(Date.now() - 1_000, midnight + 60 * 60_000 + 5_000);
    await recordVisit(app, { utm_campaign: "early" }, { at: early });
    await app.rollupWorker.catchUp();
    const get = async (query: string) => {
      const response = await adminRequest(app, {
        url: `${adminApiPaths.analyticsBreakdown}?${query}`,
        session,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as AnalyticsBreakdown;
    };
    const todayReport = await get("range=today");
    expect(todayReport.timeZone).toBe(timeZone);
    expect(todayReport.since).toBe(new Date(midnight).toISOString());
    expect(todayReport.panels.campaign.map((row) => [row.value, row.visits])).toEqual([
      ["early", 1],
    ]);
    const earlyHour = zonedHour(early, timeZone);
    const point = todayReport.series.find(
      (entry) => zonedHour(Date.parse(entry.start), timeZone) === earlyHour,
    );
    expect(point?.visits).toBe(1);
    const week = await get("range=7d");
    const perDay = Object.fromEntries(
      week.series.map((entry) => [zonedDay(Date.parse(entry.start), timeZone), entry.visits]),
    );
    expect(perDay[today]).toBe(1);
    expect(perDay[addDays(today, -1)]).toBe(1);
    const csv = await adminRequest(app, {
      url: `${adminApiPaths.analyticsCsv}?range=7d`,
      session,
    });
    const lines = csv.rawPayload.toString("utf8").slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^Day \(America\/New_York\),/);
    expect(lines.at(-1)).toMatch(new RegExp(`^${today},1,`));
  });

  it("refuses a zone that is not an IANA name", async ({ apps }) => {
    await expect(apps.start({ ANALYTICS_TIME_ZONE: "Mars/Olympus" })).rejects.toThrow(
      /ANALYTICS_TIME_ZONE must be an IANA time zone name/,
    );
  });
});
