// The heading block at the top of a page: optional badge, the page's one <h1>, a subline and actions.
import type { ReactNode } from "react";

interface PageHeroProps {
  badge?: string;
  title: string;
  subline?: string;
  children?: ReactNode;
}

export function PageHero({ badge, title, subline, children }: PageHeroProps) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-12 text-center md:py-16">
        {badge ? (
          <p className="mb-4 inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">
            {badge}
          </p>
        ) : null}
        <h1 className="text-4xl font-extrabold tracking-tight text-ink md:text-5xl">{title}</h1>
        {subline ? <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">{subline}</p> : null}
        {children ? (
          // On a phone the actions stack in one column of equal widths; from sm up they sit in a row.
          <div className="mx-auto mt-8 flex max-w-xs flex-col items-stretch gap-3 sm:max-w-none sm:flex-row sm:flex-wrap sm:justify-center">
            {children}
          </div>
        ) : null}
      </div>
    </section>
  );
}
