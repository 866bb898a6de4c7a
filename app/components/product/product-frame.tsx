// The frame every product picture sits in: an app window with a Sample badge, one accessible image, a caption.
import type { ReactNode } from "react";
import { sampleBadge } from "../../content/product-pictures";

export interface PictureText {
  /** The screen's name, shown in the window's title bar. */
  name: string;
  /** What the picture shows, for assistive technology: the drawing is one image. */
  label: string;
  /** A visible caption under the window. */
  caption: string;
}

interface ProductFrameProps {
  picture: PictureText;
  /** Without the caption where the text beside the picture already says it (the home hero). */
  caption?: boolean;
  className?: string;
  children: ReactNode;
}

/** An app window's title bar: three dots, the screen's name, and what else the frame needs (the Sample badge). */
export function WindowBar({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm">
      <span className="flex gap-1" aria-hidden="true">
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
        <span className="h-2.5 w-2.5 rounded-full bg-slate-300" />
      </span>
      <span className="min-w-0 flex-1 truncate font-semibold text-ink">{title}</span>
      {children}
    </div>
  );
}

export function ProductFrame({ picture, caption = true, className, children }: ProductFrameProps) {
  return (
    <figure className={className}>
      <div
        role="img"
        aria-label={picture.label}
        className="overflow-hidden rounded-xl border border-slate-200 bg-white text-left text-sm text-ink shadow-lg"
      >
        <WindowBar title={picture.name}>
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            {sampleBadge}
          </span>
        </WindowBar>
        <div className="p-3 sm:p-4">{children}</div>
      </div>
      {caption ? (
        <figcaption className="mt-3 text-sm text-muted">{picture.caption}</figcaption>
      ) : null}
    </figure>
  );
}

/** A small status pill: what a screen shows for a state, with its word (never colour alone). */
export function Pill({
  tone,
  children,
}: {
  tone: "blue" | "green" | "amber" | "grey";
  children: ReactNode;
}) {
  const tones = {
    blue: "bg-brand-100 text-brand-900",
    green: "bg-green-100 text-green-900",
    amber: "bg-amber-100 text-amber-900",
    grey: "bg-slate-100 text-slate-700",
  } as const;
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

/** A small heading inside a screen: the title of a settings block. */
export function FrameHeading({ children, first }: { children: ReactNode; first?: boolean }) {
  return (
    <p
      className={`text-xs font-semibold uppercase tracking-wide text-muted ${first ? "" : "mt-4"}`}
    >
      {children}
    </p>
  );
}
