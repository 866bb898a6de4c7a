// What the console's routes refuse before any work, through the real app: control characters in filters, searches and
// sign-in fields (a NUL reached PostgreSQL as a 500), and a script's loop over reports and exports, held to the
// per-person limit while another person's clicks go through.
import { describe, expect } from "vitest";
import { adminApiPaths } from "../../contracts/admin-api.ts";
import { adminEnv, adminRequest, signIn } from "../test/admin.ts";
import { storeTeamMember } from "../test/factories.ts";
import { dialects, storageTest } from "../test/storage.ts";
import { defaultReportLimits } from "./report-limits.ts";

describe.each(dialects)("control characters in console requests on %s", (dialect) => {
  const it = storageTest;
  it.override("dialect", dialect);

  it("answers 400 naming the parameter for a NUL or line break in a search, a filter or a sign-in", async ({
    apps,
  }) => {
    const { app, session } = await apps.signedIn();
    const refusedQueries = [
      [adminApiPaths.messages, "q", "%00"],
      [adminApiPaths.messages, "landing", "/pricing%00"],
      [adminApiPaths.messagesCsv, "q", "a%0Ab"],
      [adminApiPaths.analyticsBreakdown, "host", "example.com%00"],
      [adminApiPaths.analyticsBreakdown, "campaign", "spring%00"],
      [adminApiPaths.analyticsCsv, "landing", "/%1F"],
    ] as const;
    for (const [path, name, value] of refusedQueries) {
      const response = await adminRequest(app, { url: `${path}?${name}=${value}`, session });
      expect(response.statusCode, `${path} ${name}`).toBe(400);
      expect(response.json().error).toContain(
        `${name} must be a single line (no line breaks or control characters)`,
      );
    }
    const signInNul = await signIn(app, {
      email: "team.lead\u0000@boothpilot.example",
      password: "x",
    });
    expect(signInNul.response.statusCode).toBe(400);
    // The same requests without them are answered.
    const fine = await adminRequest(app, { url: `${adminApiPaths.messages}?q=spring`, session });
    expect(fine.statusCode).toBe(200);
  });
});

describe("reports and exports per person", () => {
  const it = storageTest;

  it("hold a script's loop to 20 while another person's clicks go through", async ({ apps }) => {
    // The production burst (20 in 10 seconds) over a window a loaded test machine cannot outrun.
    const app = await apps.startAdmin(adminEnv, {
      testing: {
        reportLimits: {
          ...defaultReportLimits,
          perPerson: [{ max: 20, windowMs: 10 * 60_000 }],
        },
      },
    });
    const script = (await signIn(app)).token ?? "";
    const person = await storeTeamMember(app, "viewer");
    const clicks = (await signIn(app, person.credentials)).token ?? "";
    const reports = [
      `${adminApiPaths.analyticsBreakdown}?range=custom&from=2024-11-01&to=2026-11-01`,
      `${adminApiPaths.analyticsCsv}?range=90d`,
      adminApiPaths.messagesCsv,
      `${adminApiPaths.messages}?q=booth`,
    ];
    const statuses: number[] = [];
    for (let n = 0; n < 30; n++) {
      const response = await adminRequest(app, {
        url: reports[n % reports.length] ?? "",
        session: script,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      }
      // Meanwhile a person clicks through the same reports now and then.
      if (n % 6 === 0) {
        const click = await adminRequest(app, {
          url: reports[(n / 6) % reports.length] ?? "",
          session: clicks,
        });
        expect(click.statusCode).toBe(200);
      }
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    // The inbox's plain list (reloaded on every live event) is not a report.
    expect(
      (await adminRequest(app, { url: adminApiPaths.messages, session: script })).statusCode,
    ).toBe(200);
  });
});
