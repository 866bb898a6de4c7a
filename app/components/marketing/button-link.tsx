// A link styled as a button: client-side <Link> for paths on this site, a plain <a> for anything else.
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { EventName } from "../../../contracts/track-event";
import { goalAttribute } from "../../islands/markup";

type Variant = "primary" | "secondary" | "inverse" | "outlineInverse";

const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary:
    "border border-slate-300 bg-white text-ink hover:border-brand-700 hover:text-brand-800",
  inverse: "bg-white text-brand-800 hover:bg-brand-50",
  outlineInverse: "border border-white/70 text-white hover:bg-white/10",
};

interface ButtonLinkProps {
  /** A path on this site ("/contact"), an absolute URL or a mailto: address. */
  to: string;
  variant?: Variant;
  className?: string;
  /** The goal a click counts as, when not the one its address implies (app/lib/site-events.ts). */
  goal?: EventName;
  children: ReactNode;
}

export function isInternal(to: string): boolean {
  return to.startsWith("/") && !to.startsWith("//");
}

export function ButtonLink({
  to,
  variant = "primary",
  className = "",
  goal,
  children,
}: ButtonLinkProps) {
  const classes = `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-3 text-base font-semibold ${variants[variant]} ${className}`;
  const goalProps = goal ? { [goalAttribute]: goal } : {};
  return isInternal(to) ? (
    <Link to={to} className={classes} {...goalProps}>
      {children}
    </Link>
  ) : (
    <a href={to} className={classes} {...goalProps}>
      {children}
    </a>
  );
}

/** An inline text link, underlined so it stands out from the text around it without colour. */
export function TextLink({ to, className = "", children }: Omit<ButtonLinkProps, "variant">) {
  const classes = `font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800 ${className}`;
  return isInternal(to) ? (
    <Link to={to} className={classes}>
      {children}
    </Link>
  ) : (
    <a href={to} className={classes}>
      {children}
    </a>
  );
}
