// The three acceptance models, each with its numbered steps.
import type { AcceptanceModel } from "../../content/how-it-works";

export function AcceptanceModels({ models }: { models: readonly AcceptanceModel[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {models.map((model, index) => (
        <article
          key={model.id}
          id={model.id}
          aria-labelledby={`${model.id}-title`}
          className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            Model {index + 1}
          </p>
          <h3 id={`${model.id}-title`} className="mt-1 text-xl font-bold text-ink">
            {model.name}
          </h3>
          <p className="mt-2 text-muted">{model.summary}</p>
          <ol className="mt-5 grid gap-3">
            {model.steps.map((step, stepIndex) => (
              <li key={step} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
                >
                  {stepIndex + 1}
                </span>
                <span className="pt-0.5 text-ink">{step}</span>
              </li>
            ))}
          </ol>
          <p className="mt-5 border-t border-slate-200 pt-4 text-sm font-medium text-muted">
            {model.bestFor}
          </p>
        </article>
      ))}
    </div>
  );
}
