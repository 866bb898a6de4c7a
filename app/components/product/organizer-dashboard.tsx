// Product picture: the organizer dashboard, every sample vendor's status, payment and social link.
import { dashboardSample as sample, type VendorStage } from "../../content/product-pictures";
import { feesFor, formatUsd } from "../../lib/fees";
import { Pill, ProductFrame } from "./product-frame";

const tone = { applied: "grey", approved: "blue", paid: "green" } as const;
const stages: readonly VendorStage[] = ["applied", "approved", "paid"];

/** "Clay & Kiln Pottery" → "CK": the first letters of the first two words. */
const initials = (name: string) =>
  name
    .split(" ")
    .filter((word) => /^\w/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join("");

export function OrganizerDashboard({
  caption = true,
  className,
}: {
  caption?: boolean;
  className?: string;
}) {
  const paid = sample.vendors.filter((row) => row.stage === "paid");
  const collected = paid.reduce((sum, row) => sum + feesFor(row.boothCents, 1).vendorPaysCents, 0);
  return (
    <ProductFrame picture={sample} caption={caption} className={className}>
      <div className="grid grid-cols-4 gap-1.5 text-center sm:gap-2">
        {stages.map((stage) => (
          <div key={stage} className="rounded-lg bg-slate-50 px-1 py-2">
            <div className="text-base font-bold sm:text-lg">
              {sample.vendors.filter((row) => row.stage === stage).length}
            </div>
            <div className="text-xs text-muted">{sample.stages[stage]}</div>
          </div>
        ))}
        <div className="rounded-lg bg-green-50 px-1 py-2">
          <div className="text-base font-bold text-green-900 sm:text-lg">
            {formatUsd(collected)}
          </div>
          <div className="text-xs text-muted">{sample.paidIn}</div>
        </div>
      </div>
      <ul className="mt-3 divide-y divide-slate-100">
        {sample.vendors.map(({ vendor, stage, boothCents }) => (
          <li key={vendor?.id} className="flex items-center gap-3 py-2">
            <span
              aria-hidden="true"
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-800"
            >
              {initials(vendor?.name ?? "")}
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{vendor?.name}</span>
              <span className="block truncate text-xs text-muted">
                {vendor?.category} · <span className="text-brand-700">{vendor?.social}</span>
              </span>
            </span>
            <span className="text-right">
              <Pill tone={tone[stage]}>{sample.stages[stage]}</Pill>
              <span className="mt-0.5 block text-xs text-muted">
                {stage === "paid"
                  ? formatUsd(feesFor(boothCents, 1).vendorPaysCents)
                  : stage === "approved"
                    ? sample.awaiting
                    : sample.notDue}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </ProductFrame>
  );
}
