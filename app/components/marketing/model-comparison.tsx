// The comparison of the acceptance models: a table (one column per model, one row per question) from the md
// breakpoint up, and below it each model on its own with its answers, which fits a phone without scrolling.
import type { AcceptanceModel, ComparisonRow } from "../../content/how-it-works";
import { ScrollRegion } from "./scroll-region";

interface ModelComparisonProps {
  caption: string;
  aspectHeader: string;
  models: readonly AcceptanceModel[];
  rows: readonly ComparisonRow[];
  note?: string;
}

export function ModelComparison({
  caption,
  aspectHeader,
  models,
  rows,
  note,
}: ModelComparisonProps) {
  return (
    <>
      {/* Not a second landmark of the same name: only one of the two is ever shown. */}
      <div className="md:hidden">
        <h3 className="font-semibold text-ink">{caption}</h3>
        <div className="mt-3 space-y-4">
          {models.map((model, index) => (
            <div key={model.id} className="rounded-xl border border-slate-200 bg-white p-4">
              <h4 className="text-lg font-semibold text-brand-900">{model.name}</h4>
              <dl className="mt-2 divide-y divide-slate-200">
                {rows.map((row) => (
                  <div key={row.aspect} className="py-2">
                    <dt className="font-semibold text-ink">{row.aspect}</dt>
                    <dd className="mt-0.5 text-muted">{row.cells[index]}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      </div>
      <div className="hidden md:block">
        <ScrollRegion label={caption}>
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm md:text-base">
            <caption className="px-4 pt-4 pb-2 text-left font-semibold text-ink">{caption}</caption>
            <thead>
              <tr className="border-b border-slate-200 bg-brand-50">
                <th scope="col" className="px-4 py-3 font-semibold text-ink">
                  {aspectHeader}
                </th>
                {models.map((model) => (
                  <th key={model.id} scope="col" className="px-4 py-3 font-semibold text-brand-900">
                    {model.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.aspect} className="border-b border-slate-200 last:border-b-0">
                  <th scope="row" className="px-4 py-3 align-top font-semibold text-ink">
                    {row.aspect}
                  </th>
                  {row.cells.map((cell, index) => (
                    <td key={models[index]?.id} className="px-4 py-3 align-top text-muted">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
      {note ? <p className="mt-4 text-muted">{note}</p> : null}
    </>
  );
}
