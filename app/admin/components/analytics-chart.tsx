// Visits per day of the range (per hour for today, per week or month when grouped) with the previous period drawn
// faintly beside it, by uPlot, which loads with this component only (the console's own chunk; never a marketing
// page). The table of the same numbers below the chart is the accessible alternative: the chart itself is an image
// with a summary.
import { useEffect, useRef } from "react";
import type { AnalyticsBreakdown } from "../../../contracts/admin-api";
import { zonedDay, zonedHour } from "../../../contracts/time-zone";

const hourS = 60 * 60;
const dayS = 24 * hourS;
/** uPlot steps a time axis by calendar months from 30 days on. */
const monthS = 30 * dayS;

/** The x axis's steps for each grain: a label every point at best, fewer as the chart narrows. */
const timeSteps: Record<Exclude<AnalyticsBreakdown["grain"], "hour">, number[]> = {
  day: [dayS, 7 * dayS, monthS],
  week: [7 * dayS, 14 * dayS, 28 * dayS, 3 * monthS],
  month: [monthS, 3 * monthS, 6 * monthS],
};

/** The y axis's steps: visits are whole, so 1, 2, 5, 10, 20, 50… and never uPlot's default 0.5 or 2.5. */
const wholeSteps = Array.from({ length: 10 }, (_, power) =>
  [1, 2, 5].map((step) => step * 10 ** power),
).flat();
const count = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const monthDay = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/**
 * A weekly axis's labels: each split's Monday ("Nov 24"), its year under the first and where the year changes.
 * uPlot's own labels name only the month from 28 days on, and two splits 4 weeks apart can share a month.
 */
function weekLabels(splits: number[]): string[] {
  return splits.map((ts, index) => {
    const year = new Date(ts * 1000).getUTCFullYear();
    const previous = splits[index - 1];
    const text = monthDay.format(ts * 1000);
    return previous === undefined || new Date(previous * 1000).getUTCFullYear() !== year
      ? `${text}\n${year}`
      : text;
  });
}

export function AnalyticsChart({
  series,
  grain,
  timeZone,
}: {
  series: AnalyticsBreakdown["series"];
  grain: AnalyticsBreakdown["grain"];
  timeZone: string;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: { destroy(): void; setSize(size: { width: number; height: number }): void } | null =
      null;
    let cancelled = false;
    const resize = new ResizeObserver(() =>
      chart?.setSize({ width: element.clientWidth, height: 240 }),
    );
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(
      ([{ default: UPlot }]) => {
        if (cancelled) return;
        const starts = series.map((point) => Date.parse(point.start) / 1000);
        // Today's hours still to come have no visits yet: a gap, not a drop to zero.
        const now = Date.now() / 1000;
        const visits = series.map((point, index) =>
          (starts[index] ?? 0) > now ? null : point.visits,
        );
        const label = (ts: number) => {
          const at = ts * 1000;
          const day = zonedDay(at, timeZone);
          return {
            hour: `${zonedHour(at, timeZone).slice(11, 13)}:00`,
            day,
            week: day,
            month: day.slice(0, 7),
          }[grain];
        };
        // The legend shows the latest point's values until the pointer is over the chart, and again after.
        const latest = visits.reduce<number>(
          (last, value, index) => (value === null ? last : index),
          0,
        );
        const showLatest = (u: {
          cursor: { idx?: number | null };
          setLegend: (o: { idx: number }) => void;
        }) => {
          if (u.cursor.idx === null || u.cursor.idx === undefined) u.setLegend({ idx: latest });
        };
        chart = new UPlot(
          {
            hooks: { ready: [showLatest], setCursor: [showLatest] },
            width: element.clientWidth,
            height: 240,
            // The axis reads the analytics time zone, like the table and every range.
            tzDate: (ts) =>
              UPlot.tzDate(new Date(ts * 1000), timeZone === "UTC" ? "Etc/UTC" : timeZone),
            scales: {
              x: { time: true },
              // From 0, not from the smallest count (a dip would look like a fall to nothing), with uPlot's
              // headroom above the largest; at least 0 to 1 when every point is 0.
              y: { range: (_u, _min, max) => UPlot.rangeNum(0, Math.max(1, max), 0.1, true) },
            },
            series: [
              { value: (_u, ts) => (ts === null ? "" : label(ts)) },
              { label: "Visits", stroke: "#1d4ed8", width: 2, fill: "rgba(29, 78, 216, 0.08)" },
              { label: "Previous period", stroke: "#94a3b8", width: 1, dash: [4, 4] },
            ],
            axes: [
              grain === "hour"
                ? {
                    space: 60,
                    incrs: [hourS, 3 * hourS, 6 * hourS],
                    // "14:00" as in the table, not uPlot's "2pm".
                    values: (_u, splits) => splits.map((ts) => label(ts)),
                  }
                : {
                    space: 60,
                    incrs: timeSteps[grain],
                    ...(grain === "week" ? { values: (_u, splits) => weekLabels(splits) } : {}),
                  },
              {
                size: 50,
                incrs: wholeSteps,
                values: (_u, splits) => splits.map((value) => count.format(value)),
              },
            ],
          },
          [starts, visits, series.map((point) => point.previousVisits)],
          element,
        );
        resize.observe(element);
      },
    );
    return () => {
      cancelled = true;
      resize.disconnect();
      chart?.destroy();
    };
  }, [series, grain, timeZone]);

  const total = series.reduce((sum, point) => sum + point.visits, 0);
  const before = series.reduce((sum, point) => sum + point.previousVisits, 0);
  return (
    <figure className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <div
        ref={box}
        role="img"
        aria-label={`Chart of visits per ${grain}: ${total} in this period, ${before} in the previous one. The table "Visits per ${grain} (${timeZone})" has the same numbers.`}
        // The chart is drawn at a fixed width until its observer resizes it: clipped meanwhile, so a narrower
        // screen (a phone turned upright) never lays the page out wider than itself around the old width.
        className="min-h-60 w-full min-w-0 overflow-hidden"
      />
      <figcaption className="text-sm text-muted">
        Visits per {grain} ({timeZone}), solid; the previous period of the same length, dashed.
      </figcaption>
    </figure>
  );
}
