// A horizontally scrollable box for a wide table: named, and focusable so keyboard users can scroll it.
import type { ReactNode } from "react";

export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      {children}
    </section>
  );
}
