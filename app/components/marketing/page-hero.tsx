// The heading block at the top of a page: optional badge, the page's one <h1>, a subline, actions and a picture.
import type { ReactNode } from "react";

interface PageHeroProps {
  badge?: string;
  title: string;
  subline?: string;
  children?: ReactNode;
  /** A product picture: beside the text on wide screens, directly under the actions on a phone. */
  picture?: ReactNode;
}

export function PageHero({ badge, title, subline, children, picture }: PageHeroProps) {
  const text = (
    <>
      {badge ? (
        <p className="mb-4 inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">
          {badge}
        </p>
      ) : null}
      <h1 className="text-4xl font-extrabold tracking-tight text-ink md:text-5xl">{title}</h1>
      {subline ? (
        <p
          className={`mt-5 max-w-2xl text-lg text-muted ${picture ? "mx-auto lg:mx-0" : "mx-auto"}`}
        >
          {subline}
        </p>
      ) : null}
      {children ? (
        // On a phone the actions stack in one column of equal widths; from sm up they sit in a row.
        <div
          className={`mx-auto mt-8 flex max-w-xs flex-col items-stretch gap-3 sm:max-w-none sm:flex-row sm:flex-wrap sm:justify-center ${picture ? "lg:justify-start" : ""}`}
        >
          {children}
        </div>
      ) : null}
    </>
  );
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      {picture ? (
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 text-center md:py-16 lg:grid-cols-2 lg:text-left">
          <div>{text}</div>
          <div className="mx-auto w-full max-w-xl">{picture}</div>
        </div>
      ) : (
        <div className="mx-auto max-w-4xl px-4 py-12 text-center md:py-16">{text}</div>
      )}
    </section>
  );
}
