import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import type { BreakdownCounts } from "../db/repositories/referrer-analytics.ts";
import { readMail } from "../test/mime.ts";
import {
  change,
  composeWeeklyReportMail,
  lastFinishedWeek,
  reportWindows,
  type WeekFigures,
} from "./weekly-report-mail.ts";

const settings = {
  from: "web@boothpilot.example",
  to: ["team@boothpilot.example", "sales@boothpilot.example"],
  siteUrl: "https://www.boothpilot.example",
};

const counts = (value: string, visits: number, signups: number): BreakdownCounts => ({
  value,
  visits,
  converted: 0,
  signed_up: 0,
  signups,
  messages: 0,
  pageviews: 0,
  clicks: 0,
});

const week: WeekFigures = {
  visits: 1234,
  signups: 52,
  messages: 7,
  pageviews: 3456,
  byDimension: {
    source: [
      counts("organic_search", 700, 30),
      counts("direct", 300, 10),
      counts("organic_social", 150, 8),
      counts("email", 50, 3),
      counts("ai", 20, 1),
      counts("other", 14, 0),
      counts("untracked", 0, 0),
    ],
    utm_campaign: [
      counts("", 1100, 40),
      counts("fall-fair", 90, 9),
      counts('<img src=x onerror="alert(1)">\u202e\r\nBcc: x@example.com', 44, 3),
    ],
  },
};

const before: WeekFigures = {
  visits: 1100,
  signups: 40,
  messages: 9,
  pageviews: 3000,
  byDimension: {
    source: [
      counts("organic_search", 600, 20),
      counts("direct", 300, 12),
      counts("organic_social", 160, 8),
    ],
    utm_campaign: [counts("fall-fair", 100, 5)],
  },
};

const sentAt = Date.parse("2026-11-16T00:05:00.000Z");

/** The message as nodemailer writes it to the wire. */
async function render(figures: { week: WeekFigures; before: WeekFigures }) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(
    composeWeeklyReportMail("2026-11-09", figures, settings, sentAt),
  );
  return { raw: (info.message as Buffer).toString("utf8"), envelope: info.envelope };
}

describe("the weeks of the report", () => {
  it("is the week before the current one, from Monday 00:00 UTC", () => {
    expect(lastFinishedWeek(Date.parse("2026-11-16T00:00:00.000Z"))).toBe("2026-11-09");
    expect(lastFinishedWeek(Date.parse("2026-11-18T09:30:00.000Z"))).toBe("2026-11-09");
    expect(lastFinishedWeek(Date.parse("2026-11-22T23:59:59.999Z"))).toBe("2026-11-09");
    expect(lastFinishedWeek(Date.parse("2026-11-15T23:59:59.999Z"))).toBe("2026-11-02");
    // Across a year's end.
    expect(lastFinishedWeek(Date.parse("2027-01-06T12:00:00.000Z"))).toBe("2026-12-28");
    // 02:00 UTC on a Monday is still Sunday in New York: that week is not over there yet.
    expect(lastFinishedWeek(Date.parse("2026-11-16T02:00:00.000Z"), "America/New_York")).toBe(
      "2026-11-02",
    );
    expect(reportWindows("2026-11-09", "America/New_York").week).toEqual({
      since: Date.parse("2026-11-09T05:00:00.000Z"),
      until: Date.parse("2026-11-16T05:00:00.000Z"),
    });
  });

  it("compares the week with the seven days before it", () => {
    expect(reportWindows("2026-11-09")).toEqual({
      week: {
        since: Date.parse("2026-11-09T00:00:00.000Z"),
        until: Date.parse("2026-11-16T00:00:00.000Z"),
      },
      before: {
        since: Date.parse("2026-11-02T00:00:00.000Z"),
        until: Date.parse("2026-11-09T00:00:00.000Z"),
      },
    });
  });

  it("words a change in whole percent", () => {
    expect([
      change(112, 100),
      change(95, 100),
      change(100, 100),
      change(1001, 1000),
      change(3, 0),
      change(0, 0),
      change(0, 4),
    ]).toEqual(["+12%", "-5%", "0%", "0%", "new", "0%", "-100%"]);
  });
});

describe("the weekly report e-mail", () => {
  it("has the week's figures against the week before, the top sources and campaigns, and the console link", async () => {
    const { raw, envelope } = await render({ week, before });
    const mail = readMail(raw);
    expect(mail.header("subject")).toBe(
      "BoothPilot weekly report, week of 2026-11-09: 1,234 visits (+12%)",
    );
    expect(mail.header("from")).toBe("BoothPilot website <web@boothpilot.example>");
    expect(mail.header("to")).toBe("team@boothpilot.example, sales@boothpilot.example");
    expect(mail.header("message-id")).toBe("<weekly-report.2026-11-09@boothpilot.example>");
    expect(mail.header("auto-submitted")).toBe("auto-generated");
    expect(new Date(mail.header("date")).getTime()).toBe(sentAt);
    expect(envelope).toEqual({ from: settings.from, to: settings.to });
    expect(mail.text).toBe(
      [
        "BoothPilot weekly report",
        "Monday 2026-11-09 to Sunday 2026-11-15 (UTC), each figure against the week before.",
        "",
        "The week",
        "                          This week  Week before    Change",
        "Visits                        1,234        1,100      +12%",
        "Sign-up clicks                   52           40      +30%",
        "Sign-up clicks per visit       4.2%         3.6%  +0.6 pts",
        "Contact messages                  7            9      -22%",
        "Pageviews                     3,456        3,000      +15%",
        "",
        "Top 5 sources by visits",
        "Source          Visits  Before  Change  Sign-up clicks  Before  Change",
        "Organic Search     700     600    +17%              30      20    +50%",
        "Direct             300     300      0%              10      12    -17%",
        "Organic Social     150     160     -6%               8       8      0%",
        "Email               50       0     new               3       0     new",
        "AI assistants       20       0     new               1       0     new",
        "",
        "Top 5 campaigns by visits",
        "Campaign                                  Visits  Before  Change  Sign-up clicks  Before  Change",
        "fall-fair                                     90     100    -10%               9       5    +80%",
        '<img src=x onerror="alert(1)"> Bcc: x@e…      44       0     new               3       0     new',
        "",
        "Contact messages leave spam out. Sign-up clicks are clicks on the site's sign-up links.",
        "",
        "--",
        "The week in the admin console: https://www.boothpilot.example/admin/analytics?range=custom&from=2026-11-09&to=2026-11-15",
        "",
      ].join("\n"),
    );
    // The HTML body has the same tables, every value escaped, and a link to the week in the console.
    expect(mail.html).toContain(
      '<a href="https://www.boothpilot.example/admin/analytics?range=custom&amp;from=2026-11-09&amp;to=2026-11-15">',
    );
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Bcc: x@e…");
    expect(mail.html).not.toMatch(/<img|\u202e/);
    for (const shown of ["1,234", "+0.6 pts", "-22%", "AI assistants", "fall-fair", "+80%"]) {
      expect(mail.html).toContain(shown);
    }
  });

  it("says when a week had no visits", async () => {
    const none: WeekFigures = {
      visits: 0,
      signups: 0,
      messages: 1,
      pageviews: 0,
      byDimension: { source: [counts("untracked", 0, 0)], utm_campaign: [] },
    };
    const mail = readMail((await render({ week: none, before: none })).raw);
    expect(mail.header("subject")).toBe(
      "BoothPilot weekly report, week of 2026-11-09: 0 visits (0%)",
    );
    expect(mail.text).toContain("Sign-up clicks per visit          –            –       –");
    expect(mail.text).toContain("Top 5 sources by visits\nNo visits this week.\n");
    expect(mail.text).toContain(
      "Top 5 campaigns by visits\nNo visits with a campaign (utm_campaign) this week.\n",
    );
    expect(mail.html).toContain("<p>No visits this week.</p>");
  });
});
