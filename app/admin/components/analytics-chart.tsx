// Visits per day of the range with the previous period drawn faintly beside it, by uPlot, which loads with this
// component only (the console's own chunk; never a marketing page). The table of the same numbers below the chart
// is the accessible alternative: the chart itself is an image with a summary.
import { useEffect, useRef } from "react";
import type { AnalyticsBreakdown } from "../../../contracts/admin-api";

const dayS = 24 * 60 * 60;

export function AnalyticsChart({ series }: { series: AnalyticsBreakdown["series"] }) {
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
        const days = series.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000);
        chart = new UPlot(
          {
            width: element.clientWidth,
            height: 240,
            scales: { x: { time: true } },
            series: [
              {
                value: (_u, ts) =>
                  ts === null ? "" : new Date(ts * 1000).toISOString().slice(0, 10),
              },
              { label: "Visits", stroke: "#1d4ed8", width: 2, fill: "rgba(29, 78, 216, 0.08)" },
              { label: "Previous period", stroke: "#94a3b8", width: 1, dash: [4, 4] },
            ],
            axes: [{ space: 60, incrs: [dayS, 7 * dayS, 30 * dayS] }, { size: 50 }],
          },
          [days, series.map((day) => day.visits), series.map((day) => day.previousVisits)],
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
  }, [series]);

  const total = series.reduce((sum, day) => sum + day.visits, 0);
  const before = series.reduce((sum, day) => sum + day.previousVisits, 0);
  return (
    <figure className="grid gap-2 rounded-lg border border-slate-200 p-4">
      <div
        ref={box}
        role="img"
        aria-label={`Chart of visits per day: ${total} in this period, ${before} in the previous one. The table "Visits per day (UTC)" has the same numbers.`}
        className="min-h-60 w-full"
      />
      <figcaption className="text-sm text-muted">
        Visits per day (UTC), solid; the previous period of the same length, dashed.
      </figcaption>
    </figure>
  );
}
