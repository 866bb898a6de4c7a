// FAQ accordion on native <details>/<summary>: opens by click, Enter or Space, with or without JavaScript.
import type { Faq } from "../../content/how-it-works";
import { ChevronDownIcon } from "../ui/icons";

export function FaqList({ items }: { items: readonly Faq[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group">
          <summary className="flex min-h-11 items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:text-brand-800">
            {item.question}
            <ChevronDownIcon className="shrink-0 transition-transform group-open:rotate-180" />
          </summary>
          <p className="px-5 pb-5 text-muted">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
