// The venue map drawing: any layout of venue-layouts.ts as a sized inline SVG (no layout shift, no request).
import type { SVGProps } from "react";
import type {
  Booth,
  BoothFill,
  BoothKind,
  Landmark,
  VenueLayout,
} from "../../content/venue-layouts";
import { boothPalette, mapInk } from "../../lib/booth-palette";

interface VenueMapProps {
  layout: VenueLayout;
  /** The drawing's accessible name; the layout's description by default. */
  title?: string;
  className?: string;
  /** A still picture's booths in other states than the layout's (assigned to vendors), by booth id. */
  states?: Readonly<Record<string, BoothFill>>;
  /**
   * The interactive demo's hooks: each booth's fill and text, and attributes for its <g> (focus, events,
   * its accessible name). With them the drawing is a labelled group of booths, not one image.
   */
  booths?: (booth: Booth) => {
    fill: BoothFill;
    text?: string;
    /** The booth the visitor picked or just assigned: ringed, a cue beside its fill's own. */
    marked?: boolean;
    props?: SVGProps<SVGGElement>;
  };
}

export function VenueMap({
  layout,
  title = layout.description,
  className,
  states,
  booths,
}: VenueMapProps) {
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
      <rect
        width={layout.width}
        height={layout.height}
        rx="12"
        fill={mapInk.ground}
        stroke={mapInk.groundLine}
      />
      {layout.landmarks.map((mark) => (
        <LandmarkShape key={mark.label} mark={mark} />
      ))}
      {layout.booths.map((booth) => {
        const drawn = booths?.(booth);
        const state = drawn?.fill ?? states?.[booth.id] ?? booth.status;
        // Drawn from the booth's own corner and moved into place: booths of one size, kind and state are then
        // the same markup but for their place, which compression all but removes (a map is a few KB less).
        const box = { x: 0, y: 0, width: booth.width, height: booth.height };
        return (
          <g
            key={booth.id}
            data-booth={booth.id}
            data-marked={drawn?.marked || undefined}
            transform={`translate(${booth.x} ${booth.y})`}
            {...drawn?.props}
          >
            <BoothShape box={box} kind={booth.kind} state={state} />
            {drawn?.marked ? <MarkRing box={box} /> : null}
            {drawn ? (
              <BoothText box={box} fill={boothPalette[state].text} text={drawn.text ?? booth.id} />
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/**
 * A ring just outside the booth, in the assigned state's ink: reads without colour, as an outline. A path, not a
 * rect: the booth's own rect stays the only one its focus and drag styles reach.
 */
function MarkRing({ box }: { box: Box }) {
  const { x, y, width: w, height: h } = box;
  return (
    <path
      d={`M${x - 4} ${y - 4}h${w + 8}v${h + 8}h${-(w + 8)}Z`}
      fill="none"
      stroke={boothPalette.assigned.fill}
      strokeWidth="3"
      strokeLinejoin="round"
    />
  );
}

/** A booth's id or vendor, on two lines when the booth is narrower than the text (the phone's portrait map). */
function BoothText({ box, fill, text }: { box: Box; fill: string; text: string }) {
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // About 6.5 units a character at 12 units: wider than the booth, the name breaks at its middle space (kept at
  // the end of the first line, so the text still reads as one name).
  const space = text.length * 6.5 > box.width - 4 ? middleSpace(text) : -1;
  const lines = space < 0 ? [text] : [text.slice(0, space + 1), text.slice(space + 1)];
  return (
    <text
      x={x}
      y={y}
      textAnchor="middle"
      dominantBaseline="central"
      fontSize={lines.length > 1 ? 11 : 12}
      fontWeight="600"
      fill={fill}
    >
      {lines.length > 1
        ? lines.map((line, index) => (
            <tspan key={line} x={x} dy={index === 0 ? "-0.6em" : "1.2em"}>
              {line}
            </tspan>
          ))
        : text}
    </text>
  );
}

/** The space nearest the middle of a text, or -1. */
function middleSpace(text: string): number {
  let best = -1;
  for (let at = text.indexOf(" "); at >= 0; at = text.indexOf(" ", at + 1))
    if (best < 0 || Math.abs(at - text.length / 2) < Math.abs(best - text.length / 2)) best = at;
  return best;
}

function LandmarkShape({ mark }: { mark: Landmark }) {
  const centre = { x: mark.x + mark.width / 2, y: mark.y + mark.height / 2 };
  const lane = mark.kind === "lane";
  return (
    <g>
      <rect
        x={mark.x}
        y={mark.y}
        width={mark.width}
        height={mark.height}
        rx={lane ? 2 : 6}
        fill={lane ? mapInk.lane : mapInk.area}
      />
      {lane ? (
        <path
          d={`M${mark.x + 8} ${centre.y}H${mark.x + mark.width - 8}`}
          stroke={mapInk.laneText}
          strokeWidth="2"
          strokeDasharray="14 10"
        />
      ) : null}
      <text
        x={lane ? mark.x + 12 : centre.x}
        y={lane ? mark.y + 12 : centre.y}
        textAnchor={lane ? "start" : "middle"}
        dominantBaseline="central"
        fontSize={lane ? 11 : 14}
        fill={lane ? mapInk.laneText : mapInk.areaText}
      >
        {mark.label}
      </text>
    </g>
  );
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One spot drawn as its kind (a table with chairs, a truck with wheels, a stall with its awning…) in its state. */
export function BoothShape({
  box,
  kind,
  state,
}: {
  box: Box;
  /** Without a kind, a plain spot: the legend's swatches. */
  kind?: BoothKind;
  state: BoothFill;
}) {
  const { x, y, width: w, height: h } = box;
  const style = boothPalette[state];
  return (
    <>
      {kind ? <KindUnder box={box} kind={kind} /> : null}
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx={kind === "truck" ? 6 : kind === "table" ? 2 : 3}
        fill={style.fill}
        stroke={state === "premium" ? mapInk.premiumOutline : mapInk.outline}
        strokeWidth={state === "premium" ? 2.5 : 1.5}
      />
      {kind ? <KindOver box={box} kind={kind} /> : null}
      <Cue box={box} cue={style.cue} />
    </>
  );
}

/** Furniture around a spot, drawn before it: a dealer's chairs, a truck's wheels. */
function KindUnder({ box, kind }: { box: Box; kind: BoothKind }) {
  const { x, y, width: w, height: h } = box;
  if (kind === "table")
    return (
      <path
        d={`M${round(x + w / 3)} ${y + h + 5}h.1M${round(x + (2 * w) / 3)} ${y + h + 5}h.1`}
        stroke={mapInk.furniture}
        strokeWidth="6"
        strokeLinecap="round"
      />
    );
  if (kind === "truck")
    return (
      <path
        d={`M${x + 8} ${y}h8M${x + w - 18} ${y}h8M${x + 8} ${y + h}h8M${x + w - 18} ${y + h}h8`}
        stroke="#1e293b"
        strokeWidth="5"
      />
    );
  return null;
}

/** What makes a spot read as its kind, drawn over its fill: a cab, an awning, a tent's roof, walls. */
function KindOver({ box, kind }: { box: Box; kind: BoothKind }) {
  const { x, y, width: w, height: h } = box;
  const line = { fill: "none", stroke: mapInk.outline, strokeWidth: 1.5 };
  switch (kind) {
    case "truck":
      return <path d={`M${x + w * 0.72} ${y}v${h}`} {...line} />;
    case "stall": {
      const depth = Math.round(h * 0.3);
      let d = `M${x} ${y + depth}h${w}`;
      for (let at = x + 10; at < x + w; at += 10) d += `M${at} ${y}v${depth}`;
      return <path d={d} {...line} />;
    }
    case "tent":
      return (
        <path
          d={`M${x} ${y}L${x + w} ${y + h}M${x + w} ${y}L${x} ${y + h}`}
          {...line}
          strokeWidth="1"
        />
      );
    case "bay":
      return (
        <path
          d={`M${x} ${y + h}V${y}H${x + w}V${y + h}`}
          fill="none"
          stroke="#1e293b"
          strokeWidth="4"
        />
      );
    case "booth":
      return <path d={`M${x} ${y + 1.5}h${w}`} stroke="#1e293b" strokeWidth="3" />;
    default:
      return null;
  }
}

/** The state's non-colour cue: a star on premium, a check on assigned, hatching on taken. */
function Cue({ box, cue }: { box: Box; cue: (typeof boothPalette)[BoothFill]["cue"] }) {
  const { x, y, width: w, height: h } = box;
  if (cue === "star") {
    const r = Math.min(7, h / 2.6);
    return (
      <path d={starPath(x + r + 3, y + r + 3, r)} fill="#ffffff" stroke={mapInk.premiumOutline} />
    );
  }
  if (cue === "check") {
    const s = Math.min(8, h / 3);
    return (
      <path
        d={`M${x + w - 3 * s} ${y + s * 1.6}l${s * 0.7} ${s * 0.7}l${s * 1.4} -${s * 1.4}`}
        fill="none"
        stroke={boothPalette.assigned.text}
        strokeWidth="2"
      />
    );
  }
  if (cue === "hatch") return <path d={hatchPath(box)} stroke={mapInk.hatch} strokeWidth="1.5" />;
  return null;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** A five-pointed star centred on (cx, cy). */
function starPath(cx: number, cy: number, r: number): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${round(cx + radius * Math.cos(angle))} ${round(cy + radius * Math.sin(angle))}`;
  });
  return `M${points.join("L")}Z`;
}

/** 45° lines across a box, clipped to it by arithmetic (no <pattern> or id, so any number of maps per page). */
function hatchPath({ x, y, width: w, height: h }: Box, spacing = 7): string {
  let d = "";
  for (let k = spacing; k < w + h; k += spacing) {
    const from = { x: x + Math.min(k, w), y: y + Math.max(0, k - w) };
    const to = { x: x + Math.max(0, k - h), y: y + Math.min(k, h) };
    d += `M${round(from.x)} ${round(from.y)}L${round(to.x)} ${round(to.y)}`;
  }
  return d;
}

/** The key to the booth states: each swatch drawn with the same fill and cue as the map. */
export function VenueMapLegend({
  items,
}: {
  items: readonly { status: BoothFill; label: string }[];
}) {
  return (
    <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
      {items.map((item) => (
        <li key={item.status} className="flex items-center gap-2">
          <svg
            aria-hidden="true"
            focusable="false"
            width="28"
            height="20"
            viewBox="-2 -2 28 20"
            className="shrink-0"
          >
            <BoothShape box={{ x: 0, y: 0, width: 24, height: 16 }} state={item.status} />
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  );
}
