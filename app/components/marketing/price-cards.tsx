// The pricing cards: who pays what, the amount large, the details below.
import type { PriceCard } from "../../content/pricing";
import { CheckIcon } from "../ui/icons";

export function PriceCards({ items }: { items: readonly PriceCard[] }) {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {items.map((card) => (
        <li
          key={card.id}
          className={`flex flex-col rounded-xl border bg-white p-6 shadow-sm ${
            card.highlighted ? "border-brand-700 ring-2 ring-brand-700" : "border-slate-200"
          }`}
        >
          <h3 className="text-lg font-semibold text-ink">{card.audience}</h3>
          {/* The figure never breaks inside; its unit moves below it when the card is narrow. */}
          <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
            <span
              data-price-figure
              className="whitespace-nowrap text-4xl font-extrabold tracking-tight text-brand-800"
            >
              {card.price}
            </span>
            <span className="font-medium text-muted">{card.unit}</span>
          </p>
          <p className="mt-3 text-muted">{card.summary}</p>
          <ul className="mt-5 grid gap-2">
            {card.points.map((point) => (
              <li key={point} className="flex gap-2 text-ink">
                <CheckIcon className="mt-0.5 shrink-0 text-brand-700" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
