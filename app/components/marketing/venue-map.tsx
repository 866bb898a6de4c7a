// The venue map drawing: any layout of venue-layouts.ts as a sized inline SVG (no layout shift, no request).
import type { SVGProps } from "react";
import type { Booth, BoothFill, VenueLayout } from "../../content/venue-layouts";

/** Booth fills; swatchClasses are the same colours as Tailwind classes (no inline styles under the CSP). */
const boothFills: Record<BoothFill, string> = {
  open: "#ffffff",
  taken: "#cbd5e1",
  premium: "#dbe6fe",
  assigned: "#dcfce7",
};

const swatchClasses: Record<BoothFill, string> = {
  open: "bg-white",
  taken: "bg-slate-300",
  premium: "bg-brand-100",
  assigned: "bg-green-100",
};

interface VenueMapProps {
  layout: VenueLayout;
  /** The drawing's accessible name; the layout's description by default. */
  title?: string;
  className?: string;
  /**
   * The interactive demo's hooks: each booth's fill and text, and attributes for its <g> (focus, events,
   * its accessible name). With them the drawing is a labelled group of booths, not one image.
   */
  booths?: (booth: Booth) => {
    fill: BoothFill;
    text?: string;
    props?: SVGProps<SVGGElement>;
  };
}

export function VenueMap({ layout, title = layout.description, className, booths }: VenueMapProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      width={layout.width}
      height={layout.height}
      role={booths ? "group" : "img"}
      aria-label={title}
      className={`block h-auto w-full ${className ?? ""}`}
    >
      <rect width={layout.width} height={layout.height} rx="12" fill="#f8fafc" stroke="#e2e8f0" />
      {layout.landmarks.map((mark) => (
        <g key={mark.label}>
          <rect
            x={mark.x}
            y={mark.y}
            width={mark.width}
            height={mark.height}
            rx="6"
            fill="#eef4ff"
          />
          <text
            x={mark.x + mark.width / 2}
            y={mark.y + mark.height / 2}
            textAnchor="middle"
            dominantBaseline="central"
            fontSize="14"
            fill="#1f3a93"
          >
            {mark.label}
          </text>
        </g>
      ))}
      {layout.booths.map((booth) => {
        const drawn = booths?.(booth);
        const fill = drawn?.fill ?? booth.status;
        const rect = (
          <rect
            key={booth.id}
            data-booth={drawn ? undefined : booth.id}
            x={booth.x}
            y={booth.y}
            width={booth.width}
            height={booth.height}
            rx={booth.kind === "truck" ? 6 : 3}
            fill={boothFills[fill]}
            stroke={booth.status === "premium" ? "#2343b5" : "#64748b"}
            strokeWidth="1.5"
          />
        );
        if (!drawn) return rect;
        return (
          <g key={booth.id} data-booth={booth.id} {...drawn.props}>
            {rect}
            <text
              x={booth.x + booth.width / 2}
              y={booth.y + booth.height / 2}
              textAnchor="middle"
              dominantBaseline="central"
              fontSize="12"
              fill="#0f172a"
            >
              {drawn.text ?? booth.id}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The key to the booth colours, as text beside the drawing. */
export function VenueMapLegend({
  items,
}: {
  items: readonly { status: BoothFill; label: string }[];
}) {
  return (
    <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
      {items.map((item) => (
        <li key={item.status} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={`inline-block h-4 w-4 rounded-sm border border-slate-500 ${swatchClasses[item.status]}`}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
