// Product picture: an event series, one application with the dates the vendor picked, each approved on its own.
import { seriesSample as sample } from "../../content/product-pictures";
import { Pill, ProductFrame } from "./product-frame";

const tone = { approved: "green", pending: "amber", notPicked: "grey" } as const;

export function EventSeries({ className }: { className?: string }) {
  return (
    <ProductFrame picture={sample} className={className}>
      <p className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{sample.title}</span>
        <Pill tone="blue">{sample.oneApplication}</Pill>
      </p>
      <p className="text-xs text-muted">{sample.vendor}</p>
      <ul className="mt-3 grid grid-cols-2 gap-2">
        {sample.dates.map((day) => (
          <li
            key={day.date}
            className={`rounded-lg border p-2 ${day.picked ? "border-brand-700" : "border-dashed border-slate-300"}`}
          >
            <span className="flex items-center gap-2 font-medium">
              <span
                className={`flex h-4 w-4 items-center justify-center rounded border text-[10px] ${day.picked ? "border-brand-700 bg-brand-700 text-white" : "border-slate-400"}`}
              >
                {day.picked ? "✓" : ""}
              </span>
              {day.date}
            </span>
            <span className="mt-1 block">
              <Pill tone={tone[day.status]}>{sample.statuses[day.status]}</Pill>
            </span>
          </li>
        ))}
      </ul>
    </ProductFrame>
  );
}
