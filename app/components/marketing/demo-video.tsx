// The demo: a product frame around a poster drawn on the page, with a play control linking to the external video.
// No third-party player is embedded: the page loads nothing from the video host.
import type { ReactNode } from "react";
import { WindowBar } from "../product/product-frame";

interface DemoVideoProps {
  href: string;
  playLabel: string;
  /** The window's title: what the video walks through. */
  frameTitle: string;
  /** A sized drawing with its own text alternative. */
  poster: ReactNode;
}

export function DemoVideo({ href, playLabel, frameTitle, poster }: DemoVideoProps) {
  return (
    <div className="mx-auto max-w-4xl overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lg">
      <WindowBar title={frameTitle} />
      <div className="relative">
        {poster}
        <a
          href={href}
          className="group absolute inset-0 flex flex-col items-center justify-center gap-3 focus-visible:outline-4 focus-visible:outline-offset-[-4px] focus-visible:outline-brand-900"
        >
          <span
            aria-hidden="true"
            className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-700 text-white shadow-xl ring-8 ring-white/80 transition-transform group-hover:scale-110 group-hover:bg-brand-800 md:h-20 md:w-20"
          >
            <svg
              aria-hidden="true"
              width="28"
              height="28"
              viewBox="0 0 24 24"
              fill="currentColor"
              focusable="false"
            >
              <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
            </svg>
          </span>
          <span className="rounded-md bg-white px-3 py-1 text-base font-semibold text-brand-900 shadow">
            {playLabel}
          </span>
        </a>
      </div>
    </div>
  );
}
