// The pictures of README.md and docs/console.md: a page, the console's inbox and its analytics, as a newcomer sees
// them after `npm start`.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import type { FastifyInstance } from "fastify";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { type EventName, trackEventPath } from "../../contracts/track-event.ts";
import { trackReferrerPath } from "../../contracts/track-referrer.ts";

/** The account the pictured console signs in with: only ever in the throwaway database of the run. */
export const pictureAdmin = {
  ADMIN_EMAIL: "team@boothpilot.example",
  ADMIN_PASSWORD: "screenshots only, never deployed",
} as const;

/** A size a repository page renders without scaling: small files. */
const viewport = { width: 1280, height: 800 };
const userAgent =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

interface Visit {
  referrer: string;
  landing: string;
  /** What the visitor clicked after the landing page's pageview. */
  clicks?: EventName[];
}

/** Visitors who wrote no message, so the analytics have sources, landing pages and sign-up clicks to show. */
const visits: Visit[] = [
  { referrer: "https://search.example/?q=vendor+applications", landing: "/", clicks: ["sign_up"] },
  {
    referrer: "https://search.example/?q=booth+map",
    landing: "/features/interactive-venue-mapping",
  },
  { referrer: "direct", landing: "/pricing", clicks: ["sign_up"] },
  { referrer: "direct", landing: "/", clicks: ["login"] },
  {
    referrer: "direct",
    landing: "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
    clicks: ["sign_up"],
  },
  { referrer: "https://social.example/groups/markets", landing: "/event-types/flea-markets" },
  { referrer: "https://blog.example/market-tools", landing: "/pricing", clicks: ["video"] },
];

/** Sample senders, each arriving from its own source, so the inbox shows what a week of messages looks like. */
const samples = [
  {
    referrer: "https://search.example/?q=flea+market+software",
    landing: "/event-types/flea-markets",
    name: "Ana Alvarez",
    email: "ana@riverside-market.example",
    business_name: "Riverside Flea Market",
    message: "We run a market of 80 vendors each month. Can we import last season's vendor list?",
  },
  {
    referrer: "direct",
    landing: "/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
    name: "Marcus Lee",
    email: "marcus@cardshow.example",
    business_name: "Card Show Collective",
    message: "Do vendors pay their table fee when they apply, or when we accept them?",
  },
  {
    referrer: "https://social.example/groups/food-trucks",
    landing: "/event-types/food-truck-rallies",
    name: "Priya Natarajan",
    email: "priya@harvest-rally.example",
    business_name: "Harvest Food Truck Rally",
    message: "Can trucks upload their health permits with the application?",
  },
];

/** Posts as the site's script would; a refusal stops the run rather than picture an empty console. */
async function post(app: FastifyInstance, url: string, payload: object): Promise<void> {
  const headers = { "content-type": "application/json", "user-agent": userAgent };
  const response = await app.inject({ method: "POST", url, headers, payload });
  if (response.statusCode !== 200) throw new Error(`seeding ${url} failed: ${response.body}`);
}

/** A visit with its pageview and clicks; its session id. */
async function visit(
  app: FastifyInstance,
  siteOrigin: string,
  { referrer, landing, clicks = [] }: Visit,
) {
  const session_id = crypto.randomUUID();
  const page_url = `${siteOrigin}${landing}`;
  await post(app, trackReferrerPath, { session_id, referrer, page_url, user_agent: userAgent });
  for (const name of ["pageview", ...clicks] as const) {
    await post(app, trackEventPath, {
      event_id: crypto.randomUUID(),
      session_id,
      name,
      path: landing,
    });
  }
  return session_id;
}

async function seed(app: FastifyInstance, siteOrigin: string): Promise<void> {
  for (const each of visits) await visit(app, siteOrigin, each);
  for (const { referrer, landing, ...form } of samples) {
    const session_id = await visit(app, siteOrigin, { referrer, landing });
    await post(app, contactFormPath, { ...form, session_id });
  }
}

/** Writes home.png, console.png and analytics.png into `outDir` from the server at `origin`. */
export async function writeDocImages(
  browser: Browser,
  app: FastifyInstance,
  origin: string,
  outDir: string,
): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await seed(app, origin);
  const page = await browser.newPage({ viewport });
  try {
    await page.goto(`${origin}/`, { waitUntil: "load" });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.screenshot({ path: join(outDir, "home.png") });

    await page.goto(`${origin}/admin`, { waitUntil: "load" });
    await page.getByLabel("E-mail address").fill(pictureAdmin.ADMIN_EMAIL);
    await page.getByLabel("Password").fill(pictureAdmin.ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    await page
      .getByText(samples[0]?.name ?? "")
      .first()
      .waitFor();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(outDir, "console.png") });

    await page.goto(`${origin}/admin/analytics?range=7d`, { waitUntil: "load" });
    await page.getByRole("heading", { name: "Analytics", exact: true }).waitFor();
    await page.getByText("Loading the chart…").waitFor({ state: "detached" });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(outDir, "analytics.png") });
  } finally {
    await page.close();
  }
}
