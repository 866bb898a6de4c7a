// The demo: a poster drawn on the page (the venue map), with a play button linking to the external video.
// No third-party player is embedded: the page loads nothing from the video host.
import type { ReactNode } from "react";
import { PlayIcon } from "../ui/icons";

interface DemoVideoProps {
  href: string;
  playLabel: string;
  /** A sized drawing with its own text alternative. */
  poster: ReactNode;
}

export function DemoVideo({ href, playLabel, poster }: DemoVideoProps) {
  return (
    <div className="relative mx-auto max-w-4xl overflow-hidden rounded-2xl border border-slate-200 shadow-lg">
      {poster}
      <div className="absolute inset-0 flex items-center justify-center bg-brand-900/30">
        <a
          href={href}
          className="inline-flex min-h-11 items-center gap-3 rounded-full bg-white px-6 py-4 text-lg font-semibold text-brand-800 shadow-xl hover:bg-brand-50"
        >
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-white">
            <PlayIcon />
          </span>
          {playLabel}
        </a>
      </div>
    </div>
  );
}
