// The analytics benchmark's data: N visits (and a contact message per 500 visits) with a realistic spread over 400
// days (26 landing paths, about 500 referrer hosts with a long tail, 20 campaigns each landing on one or two pages
// from the referrers its links were posted on, 5% bots, a device, browser, OS and country each), and each visit's pageviews and clicks (about five
// events a visit, as the site's traffic is shaped: a few pages, now and then a call to action). The rows are loaded
// in batches outside the write path; the rollups of the days before today are built by the repository's bulk path
// (countStored), and today's rows are queued and counted by the rollup worker's passes, as the server counts them.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { StatementSync } from "node:sqlite";
import { sql } from "kysely";
import type { EventName } from "../contracts/track-event.ts";
import { classifyChannel } from "../server/analytics/channels.ts";
import { type AppDatabase, sqliteFileName } from "../server/db/database.ts";
import type { NewReferrerVisit } from "../server/db/repositories/referrer-visits.ts";
import { visitRollupsRepository } from "../server/db/repositories/visit-rollups.ts";
import type { SiteEventsTable } from "../server/db/schema.ts";
import { messageSearchText } from "../server/db/search-text.ts";
import { openSqliteFile, toSqliteValue } from "../server/db/sqlite.ts";

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
/** Referrer hosts by how often they send a visit: a few well-known ones first, then a long tail of other sites. */
const hosts: string[] = [
  "www.google.com",
  "www.bing.com",
  "duckduckgo.com",
  "www.linkedin.com",
  "www.facebook.com",
  "x.com",
  "chatgpt.com",
  "www.perplexity.ai",
  "mail.google.com",
  "outlook.live.com",
  ...Array.from({ length: 490 }, (_, i) => `site-${i}.example`),
];

/**
 * A campaign as a team runs one: its links carry one utm_source and utm_medium, point at one page (now and then a
 * second), and its visits arrive from where the links were posted (a newsletter's from mail clients, which mostly
 * send no referrer; an ad's from the search engine; a partner's from its site; a printed flyer's QR code from none).
 */
interface Campaign {
  name: string;
  utm_source: string;
  utm_medium: string;
  referrers: readonly (string | null)[];
  landing: readonly [string, string];
}

/** The kinds of campaign the seed cycles through: tags and where their visits come from. */
const campaignKinds: readonly Omit<Campaign, "name" | "landing">[] = [
  {
    utm_source: "newsletter",
    utm_medium: "email",
    referrers: [null, null, null, "mail.google.com", "outlook.live.com"],
  },
  { utm_source: "google", utm_medium: "cpc", referrers: ["www.google.com"] },
  { utm_source: "linkedin", utm_medium: "social", referrers: ["www.linkedin.com", null] },
  { utm_source: "partner", utm_medium: "referral", referrers: [] },
  { utm_source: "fair", utm_medium: "qr", referrers: [null] },
];

const campaigns: Campaign[] = Array.from({ length: 20 }, (_, i) => {
  const kind = campaignKinds[i % campaignKinds.length]!;
  return {
    name: `campaign-${i}`,
    ...kind,
    // A partner campaign's links sit on that partner's site.
    referrers: kind.referrers.length > 0 ? kind.referrers : [`site-${i}.example`],
    landing: [paths[(i * 7) % paths.length]!, paths[(i * 7 + 3) % paths.length]!],
  };
});
/** A visit's audience, as track-referrer derives it: a few common values and a long tail of countries. */
const devices = ["desktop", "desktop", "mobile", "mobile", "tablet"] as const;
const browsers = ["Chrome", "Safari", "Edge", "Firefox", "Samsung Internet"];
const systems = ["Windows", "macOS", "iOS", "Android", "Linux"];
/** Mostly North America, then a tail; "" is an address the data does not place. */
const countries = "US US US CA GB AU DE FR ES MX NL IE NZ".split(" ").concat("");

/** A visit as the server stores it, with its time. */
type VisitRow = NewReferrerVisit & { created_at: string };

function visitRow(random: () => number, at: number): VisitRow {
  const bot = random() < 0.05;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(list.length * random())]!;
  const campaign =
    random() < 0.15 ? campaigns[Math.floor(campaigns.length * random() ** 2)]! : null;
  // A long tail: the first hosts get most untagged visits, hundreds of others a few each; 30% come with none.
  const host = campaign
    ? pick(campaign.referrers)
    : random() < 0.3
      ? null
      : hosts[Math.floor(hosts.length * random() ** 3)]!;
  const landing = campaign
    ? campaign.landing[random() < 0.8 ? 0 : 1]
    : paths[Math.floor(paths.length * random() ** 2)]!;
  const tags = {
    utm_source: campaign?.utm_source ?? null,
    utm_medium: campaign?.utm_medium ?? null,
    utm_campaign: campaign?.name ?? null,
  };
  return {
    session_id: randomUUID(),
    created_at: new Date(at).toISOString(),
    referrer_url: host ? `https://${host}/` : null,
    referrer_host: host,
    // As the server classifies a visit it stores.
    source: classifyChannel({ referrer_host: host, ...tags }),
    landing_path: landing,
    ...tags,
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

/** A contact message of a visit's sender, a minute after the visit. */
function messageRow(visit: VisitRow, index: number) {
  const fields = {
    name: `Organizer ${index}`,
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
    status: "new",
    search_text: messageSearchText(fields),
  };
}

type Row = Record<string, string | number | boolean | null>;

/** The tables the seed fills with millions of rows: their indexes are built after the rows, as a restore does. */
const bulkTables = ["referrer_visits", "site_events"];

/** Appends rows to tables as fast as each database takes them, outside the server's write path. */
interface Loader {
  insert(table: string, rows: Row[]): Promise<void>;
  /** Builds the indexes again, makes everything durable, and ends the loader. */
  close(): Promise<void>;
}

/**
 * SQLite: one prepared INSERT per row on a connection of the loader's own, a transaction per batch, without
 * fsync (a crash during the seed loses a benchmark database, nothing else) and with a page cache of 2 GiB. The
 * bulk tables' indexes (all but the primary keys, which SQLite cannot drop) are dropped first and made again last.
 */
function sqliteLoader(dataDir: string): Loader {
  const file = openSqliteFile(join(dataDir, sqliteFileName));
  file.exec("PRAGMA synchronous = OFF");
  file.exec("PRAGMA cache_size = -2000000");
  const indexes = file
    .prepare(
      `select name, sql from sqlite_master where type = 'index' and sql is not null
        and tbl_name in (${bulkTables.map(() => "?").join(", ")})`,
    )
    .all(...bulkTables) as { name: string; sql: string }[];
  for (const { name } of indexes) file.exec(`drop index ${name}`);
  const statements = new Map<string, StatementSync>();
  return {
    async insert(table, rows) {
      const columns = Object.keys(rows[0] ?? {});
      const key = `${table} ${columns.join(",")}`;
      let statement = statements.get(key);
      if (!statement) {
        statement = file.prepare(
          `insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`,
        );
        statements.set(key, statement);
      }
      file.exec("BEGIN");
      for (const row of rows) statement.run(...columns.map((column) => toSqliteValue(row[column])));
      file.exec("COMMIT");
    },
    async close() {
      for (const index of indexes) file.exec(index.sql);
      file.exec("PRAGMA synchronous = FULL");
      file.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      file.close();
    },
  };
}

/**
 * PostgreSQL: a batch is one INSERT … SELECT FROM unnest(arrays), one array per column (typed from the catalog),
 * sent while the next batch is built. The bulk tables' primary keys and indexes are dropped first and made again
 * last, in one transaction with more memory for the sorts.
 */
async function postgresLoader(database: AppDatabase): Promise<Loader> {
  const { db } = database;
  const { rows: catalog } = await sql<{
    table_name: string;
    column_name: string;
    udt_name: string;
  }>`select table_name, column_name, udt_name from information_schema.columns
    where table_schema = current_schema()`.execute(db);
  const typeOf = new Map(catalog.map((c) => [`${c.table_name}.${c.column_name}`, c.udt_name]));
  const { rows: keys } = await sql<{ table: string; name: string; definition: string }>`
    select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as definition
    from pg_constraint where contype = 'p' and conrelid::regclass::text in (${sql.join(bulkTables)})`.execute(
    db,
  );
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename in (${sql.join(bulkTables)})
      and indexname not in (select conname from pg_constraint)`.execute(db);
  for (const key of keys) {
    await sql`alter table ${sql.table(key.table)} drop constraint ${sql.ref(key.name)}`.execute(db);
  }
  for (const index of indexes) await sql`drop index ${sql.ref(index.name)}`.execute(db);
  let pending: Promise<unknown> = Promise.resolve();
  return {
    async insert(table, rows) {
      const columns = Object.keys(rows[0] ?? {});
      const arrays = columns.map(
        (column) =>
          sql`${rows.map((row) => row[column])}::${sql.raw(typeOf.get(`${table}.${column}`) ?? "text")}[]`,
      );
      await pending;
      pending =
        sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
        select * from unnest(${sql.join(arrays)})`.execute(db);
      // A failure is thrown by the next insert or by close, not as an unhandled rejection in between.
      pending.catch(() => {});
    },
    async close() {
      await pending;
      await db.transaction().execute(async (trx) => {
        // The server's statement timeout (15 s) is for requests: an index of 50,000,000 rows takes minutes.
        await sql`set local statement_timeout = 0`.execute(trx);
        await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
        for (const key of keys) {
          await sql`alter table ${sql.table(key.table)} add constraint ${sql.ref(key.name)} ${sql.raw(key.definition)}`.execute(
            trx,
          );
        }
        for (const index of indexes) await sql.raw(index.definition).execute(trx);
      });
    },
  };
}

/**
 * The seed: visits in time order over the span (as they arrive), their events and messages, appended in batches.
 * What came before today (UTC) is counted by the repository's bulk path, as if the server had counted it; today's
 * visits and events are queued as the server queues them, and the rollup worker's passes count them: the seconds
 * of that catch-up, on a database of this size, are the worker's figure. Today's visitors send no message (the
 * bulk path counts messages, and the write path would count today's as they are stored).
 */
export async function seed(
  database: AppDatabase,
  dataDir: string,
  count: number,
  now: number,
): Promise<{
  seedSeconds: number;
  rollupSeconds: number;
  events: number;
  queued: number;
  workerSeconds: number;
}> {
  const started = performance.now();
  const random = prng(42);
  const today = Math.floor(now / dayMs) * dayMs;
  const first = now - spanDays * dayMs;
  const loader =
    database.dialect === "postgres" ? await postgresLoader(database) : sqliteLoader(dataDir);
  const visitsPerBatch = 10_000;
  let events = 0;
  let queued = 0;
  for (let stored = 0; stored < count; stored += visitsPerBatch) {
    const n = Math.min(visitsPerBatch, count - stored);
    const visits = Array.from({ length: n }, (_, i) =>
      visitRow(random, first + Math.floor(((stored + i + random()) / count) * spanDays * dayMs)),
    );
    const eventRows = visits.flatMap((visit) =>
      visitEvents(random, visit, now).map((event) => ({ ...event, is_bot: visit.is_bot })),
    );
    const messages = visits
      .map((visit, i) => ({ visit, index: stored + i }))
      .filter(({ visit, index }) => index % 500 === 0 && Date.parse(visit.created_at) < today)
      .map(({ visit, index }) => messageRow(visit, index));
    const queue = [
      ...visits.map((v) => ({ kind: "visit", id: v.session_id, created_at: v.created_at })),
      ...eventRows.map((e) => ({ kind: "event", id: e.event_id, created_at: e.created_at })),
    ].filter((row) => Date.parse(row.created_at) >= today);
    await loader.insert("referrer_visits", visits);
    await loader.insert("site_events", eventRows);
    if (messages.length > 0) await loader.insert("contact_messages", messages);
    if (queue.length > 0) await loader.insert("rollup_queue", queue);
    events += eventRows.length;
    queued += queue.length;
    if ((stored + n) % 1_000_000 === 0) {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`  ${stored + n} visits and their events stored (${seconds} s)`);
    }
  }
  await loader.close();
  if (database.dialect === "postgres") await sql`analyze`.execute(database.db);
  const rollupStarted = performance.now();
  await visitRollupsRepository(database).countStored(first - dayMs, today);
  const rollupSeconds = (performance.now() - rollupStarted) / 1000;
  const workerStarted = performance.now();
  // The server's own passes (5,000 rows of each kind), one after another as when the worker falls behind.
  const worker = visitRollupsRepository(database, () => now + 60_001);
  let pass: Awaited<ReturnType<typeof worker.rollUp>>;
  do pass = await worker.rollUp({ wait: true });
  while (pass.more);
  const workerSeconds = (performance.now() - workerStarted) / 1000;
  return {
    seedSeconds: (performance.now() - started) / 1000,
    rollupSeconds,
    events,
    queued,
    workerSeconds,
  };
}
