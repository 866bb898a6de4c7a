// A page section: a landmark-named <section> with its <h2>, an optional intro, and its content, padded by the
// spacing scale's section step (theme.css).
import type { ReactNode } from "react";

interface SectionProps {
  /** Unique on the page: the section's id (an anchor) and the base of its heading's id. */
  id: string;
  title: string;
  intro?: string;
  tone?: "plain" | "tint";
  /** Centre the heading and intro (content keeps its own alignment). */
  centered?: boolean;
  children?: ReactNode;
}

export function Section({ id, title, intro, tone = "plain", centered, children }: SectionProps) {
  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-tone={tone}
      className={tone === "tint" ? "bg-slate-50" : "bg-white"}
    >
      <div className="mx-auto max-w-6xl px-4 py-10 md:py-section">
        <div className={centered ? "mx-auto max-w-3xl text-center" : "max-w-3xl"}>
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-ink">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-muted">{intro}</p> : null}
        </div>
        {children ? <div className="mt-8 md:mt-10">{children}</div> : null}
      </div>
    </section>
  );
}
