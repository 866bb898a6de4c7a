// The closing call to action: a full-width band with a heading, one line and up to two links.
import type { ReactNode } from "react";
import type { EventName } from "../../../contracts/track-event";
import { ButtonLink } from "./button-link";

interface CallToActionProps {
  id?: string;
  title: string;
  body: string;
  primary: { label: string; href: string; goal?: EventName };
  secondary?: { label: string; to: string };
  children?: ReactNode;
}

export function CallToAction({
  id = "get-started",
  title,
  body,
  primary,
  secondary,
  children,
}: CallToActionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="bg-brand-800">
      <div className="mx-auto max-w-4xl px-4 py-12 text-center md:py-16">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-white">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{body}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to={primary.href} variant="inverse" goal={primary.goal}>
            {primary.label}
          </ButtonLink>
          {secondary ? (
            <ButtonLink to={secondary.to} variant="outlineInverse">
              {secondary.label}
            </ButtonLink>
          ) : null}
        </div>
        {children}
      </div>
    </section>
  );
}
