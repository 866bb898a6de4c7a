// Product picture: a promo code and add-ons with their inventory, as the organizer sets them up.
import { promoSample as sample } from "../../content/product-pictures";
import { FrameHeading, Pill, ProductFrame } from "./product-frame";

export function PromoAddOns({ className }: { className?: string }) {
  return (
    <ProductFrame picture={sample} className={className}>
      <FrameHeading first>{sample.promoTitle}</FrameHeading>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <span className="rounded-md border-2 border-dashed border-brand-700 px-2 py-1 font-mono font-bold text-brand-800">
          {sample.promo.code}
        </span>
        <span>{sample.promo.effect}</span>
      </p>
      <FrameHeading>{sample.addOnsTitle}</FrameHeading>
      <ul className="mt-2 grid gap-2">
        {sample.addOns.map((addOn) => (
          <li key={addOn.name} className="rounded-lg border border-slate-200 px-3 py-2">
            <span className="flex items-center gap-2">
              <span className="flex-1 font-medium">{addOn.name}</span>
              <span className="text-muted">${addOn.priceUsd}</span>
              {addOn.left === 0 ? <Pill tone="grey">{sample.soldOut}</Pill> : null}
            </span>
            <span className="mt-1 flex items-center gap-2 text-xs text-muted">
              <svg
                aria-hidden="true"
                viewBox={`0 0 ${addOn.total} 1`}
                preserveAspectRatio="none"
                className="h-1.5 flex-1 rounded-full"
              >
                <rect width={addOn.total} height="1" fill="#e2e8f0" />
                <rect width={addOn.left} height="1" fill="#2343b5" />
              </svg>
              {addOn.stock}
            </span>
          </li>
        ))}
      </ul>
    </ProductFrame>
  );
}
