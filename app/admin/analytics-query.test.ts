import { describe, expect, it } from "vitest";
import {
  analyticsHref,
  breakdownApiUrl,
  breakdownCsvUrl,
  change,
  conversionRate,
  perVisit,
  readAnalyticsView,
  withFilter,
  withoutFilter,
} from "./analytics-query";

const noFilters = { source: [], host: [], landing: [], campaign: [] };

describe("the analytics page's query string", () => {
  it("reads the range, custom days and every filter, ignoring what it does not know", () => {
    expect(readAnalyticsView("")).toEqual({
      range: "30d",
      from: "",
      to: "",
      group: "day",
      filters: noFilters,
    });
    expect(readAnalyticsView("?days=7")).toMatchObject({ range: "7d" });
    expect(readAnalyticsView("?range=forever&from=2026-01-01")).toEqual({
      range: "30d",
      from: "",
      to: "",
      group: "day",
      filters: noFilters,
    });
    expect(
      readAnalyticsView(
        "?range=custom&from=2026-11-01&to=2026-11-07&source=search&source=social&host=x.com&host=x.com",
      ),
    ).toEqual({
      range: "custom",
      from: "2026-11-01",
      to: "2026-11-07",
      group: "day",
      filters: { source: ["search", "social"], host: ["x.com"], landing: [], campaign: [] },
    });
  });

  it("links to a view that reads back the same, and asks the API and the CSV for it", () => {
    const view = withFilter(
      withFilter(readAnalyticsView("?range=7d"), "landing", "/pricing"),
      "campaign",
      "spring fair",
    );
    const href = analyticsHref(view);
    expect(href).toBe("/admin/analytics?range=7d&landing=%2Fpricing&campaign=spring+fair");
    expect(readAnalyticsView(href.slice(href.indexOf("?")))).toEqual(view);
    expect(breakdownApiUrl(readAnalyticsView(""))).toBe("/admin/api/analytics/breakdown?range=30d");
    expect(breakdownCsvUrl(view, "host")).toBe(
      "/admin/api/analytics/breakdown.csv?range=7d&landing=%2Fpricing&campaign=spring+fair&panel=host",
    );
    expect(analyticsHref(withoutFilter(view, "campaign", "spring fair"))).toBe(
      "/admin/analytics?range=7d&landing=%2Fpricing",
    );
  });

  it("groups a range longer than 31 days per week or month, and only such a range", () => {
    const year = readAnalyticsView("?range=12m&group=week");
    expect(year.group).toBe("week");
    expect(analyticsHref(year)).toBe("/admin/analytics?range=12m&group=week");
    expect(breakdownApiUrl(year)).toBe("/admin/api/analytics/breakdown?range=12m&group=week");
    expect(breakdownCsvUrl(year, "series")).toBe(
      "/admin/api/analytics/breakdown.csv?range=12m&group=week&panel=series",
    );
    // A shorter range drops the grouping: its page offers none.
    expect(analyticsHref({ ...year, range: "7d" })).toBe("/admin/analytics?range=7d");
    expect(readAnalyticsView("?range=30d&group=month").group).toBe("day");
    expect(readAnalyticsView("?range=12m&group=year").group).toBe("day");
    expect(readAnalyticsView("?range=custom&from=2026-01-01&to=2026-02-01&group=month").group).toBe(
      "month",
    );
    expect(readAnalyticsView("?range=custom&from=2026-01-01&to=2026-01-31&group=month").group).toBe(
      "day",
    );
  });

  it("words a change against the previous period and a conversion rate", () => {
    expect(change(15, 10)).toEqual({ text: "+50%", direction: "up" });
    expect(change(5, 10)).toEqual({ text: "-50%", direction: "down" });
    expect(change(10, 10)).toEqual({ text: "0%", direction: "same" });
    expect(change(3, 0)).toEqual({ text: "new", direction: "up" });
    expect(change(0, 0)).toEqual({ text: "0%", direction: "same" });
    expect(conversionRate(1, 3)).toBe("33.3%");
    expect(conversionRate(2, 0)).toBe("–");
  });

  it("prints a figure per visit rounded, as a rate or as pages", () => {
    const figures = { visits: 81, signedUpVisits: 10, converted: 1, pageviews: 200 };
    expect(perVisit(figures, "signedUpVisits")).toBe("12.3%");
    expect(perVisit(figures, "converted")).toBe("1.2%");
    expect(perVisit(figures, "pageviews")).toBe("2.5");
    expect(perVisit({ ...figures, visits: 0 }, "pageviews")).toBe("–");
  });
});
