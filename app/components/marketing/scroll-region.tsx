// A horizontally scrollable box for a wide table: named, focusable so keyboard users can scroll it, and saying
// so on a phone, where it scrolls.
import type { ReactNode } from "react";
import { scrollHint } from "../../content/common";

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {children}
      </section>
      {/* The tables it holds fit from the small breakpoint up; below it they scroll, and a phone shows no
          scrollbar until touched. */}
      <p aria-hidden="true" className="mt-2 text-sm text-muted sm:hidden">
        {scrollHint} <span className="inline-block">→</span>
      </p>
    </>
  );
}
