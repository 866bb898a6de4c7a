// The demo: a poster illustration served from this site, with a play button linking to the external video.
// No third-party player is embedded: the page loads nothing from the video host.
import { PlayIcon } from "../ui/icons";

interface DemoVideoProps {
  href: string;
  playLabel: string;
  poster: { src: string; alt: string; width: number; height: number };
}

export function DemoVideo({ href, playLabel, poster }: DemoVideoProps) {
  return (
    <div className="relative mx-auto max-w-4xl overflow-hidden rounded-2xl border border-slate-200 shadow-lg">
      <img
        src={poster.src}
        alt={poster.alt}
        width={poster.width}
        height={poster.height}
        loading="lazy"
        decoding="async"
        className="block h-auto w-full"
      />
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
