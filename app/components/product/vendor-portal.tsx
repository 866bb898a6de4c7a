// Product picture: the vendor portal, apply, upload documents, track status and pay, as a sample vendor sees it.
import { vendorPortalSample as sample } from "../../content/product-pictures";
import { feesFor, formatUsd } from "../../lib/fees";
import { ProductFrame } from "./product-frame";

export function VendorPortal({ className }: { className?: string }) {
  const total = formatUsd(feesFor(sample.boothCents, 1).vendorPaysCents);
  return (
    <ProductFrame picture={sample} className={className}>
      <p className="font-semibold">{sample.vendor}</p>
      <ol className="mt-3 grid gap-2">
        {sample.steps.map((step, index) => (
          <li key={step.title} className="flex items-center gap-3">
            <span
              className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${step.done ? "bg-green-700 text-white" : "border-2 border-brand-700 text-brand-800"}`}
            >
              {step.done ? "✓" : index + 1}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{step.title}</span>
              <span className="block truncate text-xs text-muted">{step.detail}</span>
            </span>
            {step.done ? null : (
              <span className="rounded-md bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white">
                {sample.pay(total)}
              </span>
            )}
          </li>
        ))}
      </ol>
    </ProductFrame>
  );
}
