// The analytics benchmark's data: N visits (and a contact message per 500 visits) with a realistic spread over 400
// days (26 landing paths, about 500 referrer hosts with a long tail, 20 campaigns each with its own utm_source and
// utm_medium, 5% bots, a device, browser, OS and country each), stored with multi-row INSERTs, then the rollups
// built by the repository's bulk path (countStored). Each visit's pageviews and clicks (about five events a visit,
// as the site's traffic is shaped: a few pages, now and then a call to action) are stored with their queue rows
// and counted by the rollup worker's own pass, as the server counts them.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { EventName } from "../contracts/track-event.ts";
import type { AppDatabase } from "../server/db/database.ts";
import type { NewReferrerVisit } from "../server/db/repositories/referrer-visits.ts";
import { visitRollupsRepository } from "../server/db/repositories/visit-rollups.ts";
import type { ReferrerSource, SiteEventsTable } from "../server/db/schema.ts";
import { messageSearchText } from "../server/db/search-text.ts";

const dayMs = 24 * 60 * 60 * 1000;
/** Days the seeded visits spread over, ending now. */
export const spanDays = 400;

/** A small deterministic PRNG (mulberry32): the same rows on every run and database. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const paths = [
  "/",
  "/pricing",
  "/features",
  "/contact",
  "/about",
  "/blog",
  ...Array.from({ length: 10 }, (_, i) => `/event-types/type-${i}`),
  ...Array.from({ length: 10 }, (_, i) => `/features/feature-${i}`),
];
const namedHosts: [string, ReferrerSource][] = [
  ["www.google.com", "search"],
  ["www.bing.com", "search"],
  ["duckduckgo.com", "search"],
  ["www.linkedin.com", "social"],
  ["www.facebook.com", "social"],
  ["x.com", "social"],
  ["chatgpt.com", "ai"],
  ["www.perplexity.ai", "ai"],
  ["mail.google.com", "email"],
  ["outlook.live.com", "email"],
];
const hosts: [string, ReferrerSource][] = [
  ...namedHosts,
  ...Array.from({ length: 490 }, (_, i): [string, ReferrerSource] => [
    `site-${i}.example`,
    "other",
  ]),
];
const campaigns = Array.from({ length: 20 }, (_, i) => `campaign-${i}`);
/** A visit's audience, as track-referrer derives it: a few common values and a long tail of countries. */
const devices = ["desktop", "desktop", "mobile", "mobile", "tablet"] as const;
const browsers = ["Chrome", "Safari", "Edge", "Firefox", "Samsung Internet"];
const systems = ["Windows", "macOS", "iOS", "Android", "Linux"];
/** Mostly North America, then a tail; "" is an address the data does not place. */
const countries = "US US US CA GB AU DE FR ES MX NL IE NZ".split(" ").concat("");
const utmSources = ["newsletter", "google", "linkedin", "partner", "fair"];
const utmMediums = ["email", "cpc", "social"];

/** A visit as the server stores it, with its time. */
type VisitRow = NewReferrerVisit & { created_at: string };

function visitRow(random: () => number, now: number): VisitRow {
  const bot = random() < 0.05;
  const direct = random() < 0.3;
  // A long tail: the first hosts get most visits, hundreds of others a few each.
  const [host, source] = direct
    ? [null, "direct" as const]
    : (hosts[Math.floor(hosts.length * random() ** 3)] ?? hosts[0]!);
  // A campaign's links carry one utm_source and utm_medium (a newsletter's are newsletter / email): the same three
  // values on every visit of it, as the team tags them.
  const campaignIndex = random() < 0.15 ? Math.floor(campaigns.length * random() ** 2) : -1;
  const campaign = campaigns[campaignIndex] ?? null;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(list.length * random())]!;
  return {
    session_id: randomUUID(),
    created_at: new Date(now - Math.floor(random() * spanDays * dayMs)).toISOString(),
    referrer_url: host ? `https://${host}/` : null,
    referrer_host: host,
    source,
    landing_path: paths[Math.floor(paths.length * random() ** 2)]!,
    utm_source: campaign ? utmSources[campaignIndex % utmSources.length]! : null,
    utm_medium: campaign ? utmMediums[campaignIndex % utmMediums.length]! : null,
    utm_campaign: campaign,
    utm_term: null,
    utm_content: null,
    user_agent: bot
      ? "Googlebot/2.1 (+http://www.google.com/bot.html)"
      : "Mozilla/5.0 Firefox/140.0",
    is_bot: bot,
    device: bot ? "other" : pick(devices),
    browser: bot ? "Googlebot" : pick(browsers),
    os: bot ? "" : pick(systems),
    country: pick(countries),
  };
}

/** Goal clicks per visit by people: the share of visits that click each call to action. */
const goalRates: [EventName, number][] = [
  ["sign_up", 0.05],
  ["login", 0.03],
  ["sample_event", 0.01],
  ["video", 0.02],
  ["social", 0.005],
];

/** A visit's events: its pageviews (the landing page first; about five on average) and its clicks. */
function visitEvents(
  random: () => number,
  visit: VisitRow,
  now: number,
): (Omit<SiteEventsTable, "is_bot" | "created_at"> & { created_at: string })[] {
  const start = Date.parse(visit.created_at);
  const pageviews = Math.min(20, 1 + Math.floor(-Math.log(1 - random()) * 4.4));
  const names: EventName[] = Array.from({ length: pageviews }, () => "pageview");
  for (const [name, rate] of goalRates) if (random() < rate) names.push(name);
  return names.map((name, index) => ({
    event_id: randomUUID(),
    session_id: visit.session_id,
    name,
    path: index === 0 ? visit.landing_path : paths[Math.floor(paths.length * random() ** 2)]!,
    created_at: new Date(Math.min(now, start + index * 30_000)).toISOString(),
  }));
}

/**
 * Raw visits, their events and messages in multi-row INSERTs; the visits' and messages' rollups by the
 * repository's bulk path, the events' by the rollup worker's pass (the events' seconds are that catch-up's).
 */
export async function seed(
  database: AppDatabase,
  count: number,
  now: number,
): Promise<{ seedSeconds: number; rollupSeconds: number; events: number; eventSeconds: number }> {
  const started = performance.now();
  const random = prng(42);
  const rowsPerInsert = 1_000;
  const insertsPerTransaction = 50;
  let stored = 0;
  let events = 0;
  while (stored < count) {
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < insertsPerTransaction && stored < count; i++) {
        const n = Math.min(rowsPerInsert, count - stored);
        const visits = Array.from({ length: n }, () => visitRow(random, now));
        await trx.insertInto("referrer_visits").values(visits).execute();
        const messages = visits
          .filter((_, index) => (stored + index) % 500 === 0)
          .map((visit, index) => {
            const fields = {
              name: `Organizer ${stored + index}`,
              email: "organizer@example.com",
              business_name: "Market",
              message: "We would like a demo for our weekly market.",
            };
            return {
              ...fields,
              id: randomUUID(),
              created_at: new Date(Date.parse(visit.created_at) + 60_000).toISOString(),
              phone: null,
              website: null,
              // Every fourth message comes from a visitor whose visit was not tracked.
              session_id: index % 4 === 3 ? null : visit.session_id,
              client_hash: "bench",
              user_agent: null,
              status: "new" as const,
              search_text: messageSearchText(fields),
            };
          });
        if (messages.length > 0)
          await trx.insertInto("contact_messages").values(messages).execute();
        const eventRows = visits.flatMap((visit) =>
          visitEvents(random, visit, now).map((event) => ({ ...event, is_bot: visit.is_bot })),
        );
        for (let from = 0; from < eventRows.length; from += rowsPerInsert) {
          const slice = eventRows.slice(from, from + rowsPerInsert);
          await trx.insertInto("site_events").values(slice).execute();
          await trx
            .insertInto("rollup_queue")
            .values(
              slice.map((e) => ({
                kind: "event" as const,
                id: e.event_id,
                created_at: e.created_at,
              })),
            )
            .execute();
        }
        events += eventRows.length;
        stored += n;
      }
    });
    if (stored % 200_000 === 0) console.log(`  ${stored} visits stored`);
  }
  const rollupStarted = performance.now();
  await visitRollupsRepository(database).countStored(now - (spanDays + 1) * dayMs, now + 60_001);
  const rollupSeconds = (performance.now() - rollupStarted) / 1000;
  const eventsStarted = performance.now();
  // The worker's own pass, larger than the server's 5,000 so the catch-up takes fewer transactions.
  const worker = visitRollupsRepository(database, () => now + 60_001);
  let pass: Awaited<ReturnType<typeof worker.rollUp>>;
  do pass = await worker.rollUp({ limit: 50_000, wait: true });
  while (pass.more);
  const eventSeconds = (performance.now() - eventsStarted) / 1000;
  if (database.dialect === "postgres") await sql`analyze`.execute(database.db);
  return { seedSeconds: (performance.now() - started) / 1000, rollupSeconds, events, eventSeconds };
}
