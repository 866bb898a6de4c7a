// The /pricing fee calculator: a worked example table rendered at build, recalculated as the visitor types once hydrated.
import { useEffect, useId, useState } from "react";
import { feeCalculatorCopy as copy } from "../../content/fee-calculator";
import type { HeldValues } from "../../islands/registry";
import {
  type FeeBreakdown,
  feesFor,
  formatUsd,
  type Parsed,
  parseBoothPrice,
  parseVendorCount,
} from "../../lib/fees";
import { useHeldValues } from "../island";
import { inputClass } from "../ui/form-styles";

/** The inputs' names: what a visitor typed before the island hydrated is found by them (useHeldValues). */
const fieldNames = { price: "booth-price", vendors: "vendor-count" } as const;

function Field(props: {
  name: string;
  label: string;
  value: string;
  parsed: Parsed;
  inputMode: "decimal" | "numeric";
  onChange: (value: string) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const error = props.parsed.ok ? undefined : props.parsed.error;
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-ink">
        {props.label}
      </label>
      <input
        id={id}
        name={props.name}
        type="text"
        inputMode={props.inputMode}
        autoComplete="off"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClass} ${error ? "border-red-700" : "border-slate-400"}`}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Results({ fees }: { fees: FeeBreakdown | undefined }) {
  const rows: [string, number | undefined][] = [
    [copy.rows.vendorPays, fees?.vendorPaysCents],
    [copy.rows.processingFee, fees?.processingFeeCents],
    [copy.rows.organizerReceives, fees?.organizerReceivesCents],
    [copy.rows.organizerTotal, fees?.organizerReceivesTotalCents],
    [copy.rows.organizerPaysPlatform, fees?.organizerPaysPlatformCents],
  ];
  return (
    <dl className="divide-y divide-slate-200">
      {rows.map(([label, cents]) => (
        <div key={label} className="flex justify-between gap-4 py-2">
          <dt className="text-muted">{label}</dt>
          <dd className="font-semibold text-ink tabular-nums">
            {cents === undefined ? "—" : formatUsd(cents)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function ExampleTable() {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-ink">{copy.exampleCaption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-3">
              {copy.exampleColumns.boothPrice}
            </th>
            <th scope="col" className="py-2 pr-3">
              {copy.rows.vendorPays}
            </th>
            <th scope="col" className="py-2 pr-3">
              {copy.exampleColumns.processingFee}
            </th>
            <th scope="col" className="py-2">
              {copy.exampleColumns.organizerReceives}
            </th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {copy.examplePrices.map((cents) => {
            const fees = feesFor(cents, 1);
            return (
              <tr key={cents} className="border-b border-slate-200">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  {formatUsd(cents)}
                </th>
                <td className="py-2 pr-3">{formatUsd(fees.vendorPaysCents)}</td>
                <td className="py-2 pr-3">{formatUsd(fees.processingFeeCents)}</td>
                <td className="py-2">{formatUsd(fees.organizerReceivesCents)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function FeeCalculator({ held }: { held?: HeldValues }) {
  const [price, setPrice] = useState<string>(copy.defaults.price);
  const [vendors, setVendors] = useState<string>(copy.defaults.vendors);
  useHeldValues(held, (values) => {
    setPrice((current) => values[fieldNames.price] ?? current);
    setVendors((current) => values[fieldNames.vendors] ?? current);
  });
  // Marks the form once hydrated (not in the prerendered markup): tests and styles can tell it is live.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const parsedPrice = parseBoothPrice(price);
  const parsedVendors = parseVendorCount(vendors);
  const fees =
    parsedPrice.ok && parsedVendors.ok
      ? feesFor(parsedPrice.value, parsedVendors.value)
      : undefined;
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      {/* Without JavaScript the inputs could not recalculate: the worked example alone stands in for them. A group of
          inputs, not a form: nothing is sent, the results follow every keystroke. */}
      <fieldset
        data-live={live || undefined}
        className="min-w-0 rounded-xl border border-slate-200 bg-white p-6 noscript:hidden"
      >
        <legend className="sr-only">{copy.calculatorLabel}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name={fieldNames.price}
            label={copy.priceLabel}
            value={price}
            parsed={parsedPrice}
            inputMode="decimal"
            onChange={setPrice}
          />
          <Field
            name={fieldNames.vendors}
            label={copy.vendorsLabel}
            value={vendors}
            parsed={parsedVendors}
            inputMode="numeric"
            onChange={setVendors}
          />
        </div>
        <h3 className="mt-6 text-lg font-semibold text-ink">{copy.resultTitle}</h3>
        {/* A live region rather than <output>, which may hold only phrasing content, not this list. */}
        <div role="status" className="mt-2">
          <Results fees={fees} />
        </div>
      </fieldset>
      <div>
        <h3 className="text-lg font-semibold text-ink">{copy.exampleTitle}</h3>
        <div className="mt-3">
          <ExampleTable />
        </div>
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-muted">
          {copy.assumptions.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
