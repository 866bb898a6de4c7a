// The README's two pictures, a page and the console's inbox, as a newcomer will see them after `npm start`.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Browser } from "@playwright/test";
import type { FastifyInstance } from "fastify";
import { contactFormPath } from "../../contracts/contact-form.ts";
import { trackReferrerPath } from "../../contracts/track-referrer.ts";

/** The account the pictured console signs in with: only ever in the throwaway database of the run. */
export const pictureAdmin = {
  ADMIN_EMAIL: "team@boothpilot.example",
  ADMIN_PASSWORD: "screenshots only, never deployed",
} as const;

/** The README shows them at a size a repository page renders without scaling: small files. */
const viewport = { width: 1280, height: 800 };
const userAgent =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";

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

async function seedInbox(app: FastifyInstance, siteOrigin: string): Promise<void> {
  for (const sample of samples) {
    const session_id = crypto.randomUUID();
    const headers = { "content-type": "application/json", "user-agent": userAgent };
    const visit = await app.inject({
      method: "POST",
      url: trackReferrerPath,
      headers,
      payload: {
        session_id,
        referrer: sample.referrer,
        page_url: `${siteOrigin}${sample.landing}`,
        user_agent: userAgent,
      },
    });
    const { referrer: _referrer, landing: _landing, ...form } = sample;
    const message = await app.inject({
      method: "POST",
      url: contactFormPath,
      headers,
      payload: { ...form, session_id },
    });
    if (visit.statusCode !== 200 || message.statusCode !== 200)
      throw new Error(`seeding the inbox failed: ${visit.body} ${message.body}`);
  }
}

/** Writes docs/images/home.png and docs/images/console.png from the server at `origin`. */
export async function writeReadmeImages(
  browser: Browser,
  app: FastifyInstance,
  origin: string,
  outDir: string,
): Promise<void> {
  await mkdir(outDir, { recursive: true });
  await seedInbox(app, origin);
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
  } finally {
    await page.close();
  }
}
