// The three acceptance models, each drawn as its steps and listed as numbered steps.
import type { AcceptanceModel } from "../../content/how-it-works";
import { modelPictures, type StepIcon } from "../../content/product-pictures";
import { BoothShape } from "./venue-map";

/** Stroke paths on a 24-unit grid, in the style of the site's other icons. */
const iconPaths: Record<Exclude<StepIcon, "taken">, string> = {
  form: "M6 3h9l3 3v15H6zM9 10h6M9 14h6M9 18h3",
  check: "m5 12 5 5 9-10",
  mail: "M3 6h18v12H3zM3 7l9 6 9-6",
  card: "M3 6h18v12H3zM3 10h18M7 15h4",
  pin: "M12 21s-6-5.5-6-11a6 6 0 0 1 12 0c0 5.5-6 11-6 11zM12 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4",
};

function StepGlyph({ icon }: { icon: StepIcon }) {
  return (
    <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
      {icon === "taken" ? (
        <BoothShape box={{ x: 2, y: 5, width: 20, height: 14 }} state="taken" />
      ) : (
        <path
          d={iconPaths[icon]}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}

function ModelSteps({ id }: { id: string }) {
  const picture = modelPictures[id];
  if (!picture) return null;
  return (
    <div
      role="img"
      aria-label={picture.label}
      className="mt-4 flex items-start justify-between rounded-lg bg-brand-50 px-2 py-3"
    >
      {picture.steps.map((step, index) => (
        <span key={step.word} className="flex flex-1 items-start">
          {index > 0 ? (
            <span aria-hidden="true" className="mt-5 h-0.5 w-2 shrink-0 bg-brand-700/40 sm:w-3" />
          ) : null}
          <span className="flex flex-1 flex-col items-center gap-1 text-center">
            <span className="flex h-10 w-10 items-center justify-center rounded-full border-2 border-brand-700 bg-white text-brand-800">
              <StepGlyph icon={step.icon} />
            </span>
            <span className="text-xs font-semibold text-brand-900">{step.word}</span>
          </span>
        </span>
      ))}
    </div>
  );
}

export function AcceptanceModels({ models }: { models: readonly AcceptanceModel[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      {models.map((model) => (
        <article
          key={model.id}
          id={model.id}
          aria-labelledby={`${model.id}-title`}
          className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">
            {model.numbered}
          </p>
          <h3 id={`${model.id}-title`} className="mt-1 text-xl font-bold text-ink">
            {model.name}
          </h3>
          <p className="mt-2 text-muted">{model.summary}</p>
          <ModelSteps id={model.id} />
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
