// The comparison table of the acceptance models: one column per model, one row per question.
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
      {note ? <p className="mt-4 text-muted">{note}</p> : null}
    </>
  );
}
