// The interactive venue-map demo: assign waiting vendors by drag or keyboard, the public view, pick and pay.
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import {
  bookedVendorNames,
  venueDemoCopy as copy,
  type DemoVendor,
  demoMessages,
  pickAndPayVendor,
  waitingVendors,
} from "../../content/venue-demo";
import {
  type Booth,
  interactiveDemoLayout as layout,
  type VenueLayout,
} from "../../content/venue-layouts";
import type { HeldValues } from "../../islands/registry";
import {
  assign,
  boothInDirection,
  boothOf,
  type DemoState,
  initialDemoState,
  pay,
  quote,
} from "../../lib/venue-demo-state";
import { useHeldValues } from "../island";
import { VenueMap, VenueMapLegend } from "./venue-map";

/** Marks the compact variant (home page) in the markup, so that the island hydrates the same variant. */
export const compactDemoAttribute = "data-compact";

type Mode = keyof typeof copy.modes;
type Arrow = "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight";
const arrows = new Set<string>(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

const boothById = new Map(layout.booths.map((booth) => [booth.id, booth]));
const firstBooth = layout.booths[0] as Booth;
const modeField = "venue-demo-mode";

/**
 * The same booths for a phone held upright: rows turned into columns and drawn closer, so that the map fits
 * 288 px (a 320 px screen) with every booth at least 48 px wide and tall, and nothing scrolls sideways.
 */
const portrait: VenueLayout = (() => {
  const columns = { A: [12, 56], B: [76, 56], C: [148, 68], D: [224, 68] } as const;
  const booths = layout.booths.map((booth) => {
    const [x, width] = columns[booth.id[0] as keyof typeof columns];
    const index = Number(booth.id.slice(1)) - 1;
    return { ...booth, x, width, y: 12 + index * 68, height: 60 };
  });
  const [stage, entrance] = layout.landmarks;
  return {
    ...layout,
    width: 304,
    height: 444,
    booths,
    landmarks: [
      { ...(stage ?? { label: "" }), x: 12, y: 356, width: 280, height: 40 },
      { ...(entrance ?? { label: "" }), x: 92, y: 408, width: 120, height: 24 },
    ],
  };
})();

/** Which drawing a booth belongs to: the phone's (below the md breakpoint) or the wide one. */
const drawingAttribute = "data-drawing";
const drawings = { portrait, wide: layout } as const;

/** The booth under a point of the screen, if any. */
function boothAt(x: number, y: number): string | undefined {
  const target = document.elementFromPoint(x, y);
  return target?.closest("[data-booth]")?.getAttribute("data-booth") ?? undefined;
}

function VendorCard(props: {
  vendor: DemoVendor;
  booth: string | undefined;
  chosen: boolean;
  onChoose: (byTouch: boolean) => void;
  onHover: (boothId: string | undefined) => void;
  onDrop: (boothId: string) => void;
}) {
  const { vendor } = props;
  const drag = useRef<{ x: number; y: number; moved: boolean; touch: boolean } | null>(null);
  // Where the pointer is while the vendor is dragged: the ghost follows it.
  const [ghost, setGhost] = useState<{ x: number; y: number } | null>(null);
  const endDrag = () => {
    setGhost(null);
    props.onHover(undefined);
  };
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      x: event.clientX,
      y: event.clientY,
      moved: false,
      touch: event.pointerType === "touch",
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const start = drag.current;
    // No button down: a mouse passing over after a drag ended elsewhere.
    if (!start || event.buttons === 0) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > 6) start.moved = true;
    if (!start.moved) return;
    setGhost({ x: event.clientX, y: event.clientY });
    props.onHover(boothAt(event.clientX, event.clientY));
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current?.moved) return;
    endDrag();
    const booth = boothAt(event.clientX, event.clientY);
    if (booth) props.onDrop(booth);
  };
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3">
      <button
        type="button"
        aria-pressed={props.chosen}
        onClick={() => {
          // The click that ends a drag is not a choice: the drop has already assigned the vendor.
          const start = drag.current;
          drag.current = null;
          if (!start?.moved) props.onChoose(start?.touch ?? false);
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          endDrag();
        }}
        className={`w-full touch-none cursor-grab rounded-md px-2 py-1 text-left font-semibold text-ink ${props.chosen ? "bg-brand-100 ring-2 ring-brand-700" : "bg-slate-50"}`}
      >
        {vendor.name}
        <span className="block text-sm font-normal text-muted">
          {props.booth ? copy.vendorCard.inBooth(props.booth) : copy.vendorCard.waiting}
        </span>
      </button>
      {ghost ? (
        // Set through the DOM, not markup, so the CSP's style-src allows the position; above the
        // pointer so that a finger does not hide it.
        <span
          aria-hidden="true"
          data-drag-ghost=""
          style={{ left: ghost.x, top: ghost.y }}
          className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-[calc(100%+0.75rem)] rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white shadow-lg"
        >
          {vendor.short}
        </span>
      ) : null}
      <p className="mt-1 text-sm text-muted">{copy.vendorCard.about(vendor)}</p>
      {/* Left out on a phone: a shorter list keeps the vendor and the map's first rows on one screen. */}
      <p className="hidden text-sm text-muted noscript:block sm:block">
        {vendor.website} · {vendor.social}
      </p>
    </li>
  );
}

export function VenueDemo({ compact = false, held }: { compact?: boolean; held?: HeldValues }) {
  const vendors = compact ? waitingVendors.slice(0, 3) : waitingVendors;
  const [state, setState] = useState<DemoState>(() =>
    initialDemoState(layout.booths, bookedVendorNames),
  );
  const [mode, setMode] = useState<Mode>("organizer");
  useHeldValues(held, (values) => {
    const chosenMode = values[modeField];
    if (chosenMode && Object.hasOwn(copy.modes, chosenMode)) setMode(chosenMode as Mode);
  });
  const [chosen, setChosen] = useState<string | undefined>();
  const [active, setActive] = useState<string>(firstBooth.id);
  const [picked, setPicked] = useState<string | undefined>();
  // The booth last picked or assigned: ringed on the map in every view, and named so to screen readers.
  const [marked, setMarked] = useState<string | undefined>();
  const [live, setLive] = useState(false);
  // The booth a dragged vendor would land on.
  const [target, setTarget] = useState<string | undefined>();
  const mapRef = useRef<HTMLDivElement>(null);
  useEffect(() => setLive(true), []);

  const vendorById = (id: string | undefined) => vendors.find((v) => v.id === id);
  // The booth in the drawing on screen: the other one is not displayed.
  const focusBooth = (id: string) =>
    [...(mapRef.current?.querySelectorAll<SVGGElement>(`[data-booth="${id}"]`) ?? [])]
      .find((booth) => booth.getClientRects().length > 0)
      ?.focus();

  const assignTo = (vendor: DemoVendor, boothId: string) => {
    const next = assign(state, vendor, boothId, demoMessages);
    setState(next);
    if (next.holders[boothId]?.vendorId === vendor.id) setMarked(boothId);
  };
  const choose = (vendor: DemoVendor, byTouch: boolean) => {
    setChosen(vendor.id);
    setState((current) => ({
      ...current,
      message: byTouch ? copy.chosenTap(vendor.name) : copy.chosenKeys(vendor.name),
    }));
  };
  const act = (boothId: string) => {
    const booth = boothById.get(boothId);
    if (!booth) return;
    if (mode === "vendor") {
      const holder = state.holders[boothId];
      setPicked(holder ? undefined : boothId);
      if (!holder) setMarked(boothId);
      const { total } = quote(booth);
      setState((current) => ({
        ...current,
        message: holder
          ? copy.booth.taken(boothId, holder.name)
          : copy.booth.picked(boothId, total),
      }));
      return;
    }
    const vendor = vendorById(chosen);
    if (vendor) assignTo(vendor, boothId);
  };
  const onBoothKey = (event: KeyboardEvent<SVGGElement>, booth: Booth) => {
    if (arrows.has(event.key)) {
      event.preventDefault();
      // Arrows follow the drawing on screen: up in the phone's is along a column.
      const drawing =
        event.currentTarget.closest(`[${drawingAttribute}]`)?.getAttribute(drawingAttribute) ===
        "portrait"
          ? portrait
          : layout;
      const here = drawing.booths.find((b) => b.id === booth.id) ?? booth;
      const next = boothInDirection(drawing.booths, here, event.key as Arrow);
      if (next) {
        setActive(next.id);
        focusBooth(next.id);
      }
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      act(booth.id);
    }
  };

  const interactive = mode !== "public";
  const describe = (booth: Booth) => {
    const holder = state.holders[booth.id];
    const mark = booth.id === marked ? `, ${copy.markedLabel}` : "";
    if (mode === "public") return `${copy.booth.public(booth.id, holder?.name)}${mark}`;
    const premium = booth.status === "premium";
    return `${copy.booth.detail(booth.id, premium, `$${booth.priceUsd}`, holder?.name)}${mark}`;
  };
  const fillOf = (booth: Booth) => {
    const holder = state.holders[booth.id];
    if (!holder) return booth.status === "premium" ? "premium" : "open";
    if (mode === "public") return "assigned";
    return holder.vendorId && holder.vendorId !== "you" ? "assigned" : "taken";
  };
  const pickedBooth = picked ? boothById.get(picked) : undefined;
  const shownModes = compact ? (["organizer"] as const) : (Object.keys(copy.modes) as Mode[]);
  const byBooth = layout.booths.flatMap((booth) => {
    const holder = state.holders[booth.id];
    return holder ? [{ booth: booth.id, name: holder.name }] : [];
  });

  // From the large breakpoint the list and the map share the row under the views' switch.
  const row = shownModes.length > 1 ? "lg:row-start-2" : "lg:row-start-1";
  const drawMap = (name: keyof typeof drawings) => (
    <div
      {...{ [drawingAttribute]: name }}
      className={name === "portrait" ? "mx-auto max-w-md md:hidden" : "hidden md:block"}
    >
      <VenueMap
        layout={drawings[name]}
        title={mode === "public" ? copy.publicMapLabel : copy.mapLabel}
        booths={(booth) => ({
          fill: fillOf(booth),
          text:
            mode === "public"
              ? (state.holders[booth.id]?.name.split(" ")[0] ?? booth.id)
              : (state.holders[booth.id]?.short ?? booth.id),
          marked: booth.id === marked,
          props: {
            role: interactive ? "button" : "img",
            "aria-label": describe(booth),
            "aria-pressed": mode === "vendor" ? booth.id === picked : undefined,
            tabIndex: interactive ? (booth.id === active ? 0 : -1) : undefined,
            onKeyDown: interactive ? (event) => onBoothKey(event, booth) : undefined,
            onClick: interactive ? () => act(booth.id) : undefined,
            onFocus: () => setActive(booth.id),
            className: `outline-none focus-visible:[&>rect]:stroke-brand-900 focus-visible:[&>rect]:stroke-[4] ${interactive ? "cursor-pointer" : ""} ${booth.id === target ? "[&>rect]:stroke-brand-700 [&>rect]:stroke-[5] [&>rect]:[stroke-dasharray:8_4]" : ""}`,
          },
        })}
      />
    </div>
  );

  return (
    <div
      className="grid gap-6 lg:grid-cols-3"
      data-live={live || undefined}
      {...(compact ? { [compactDemoAttribute]: "" } : {})}
    >
      {shownModes.length > 1 ? (
        <fieldset className="flex flex-wrap gap-2 noscript:hidden lg:col-span-3">
          <legend className="sr-only">{copy.modesLabel}</legend>
          {shownModes.map((key) => (
            <label
              key={key}
              className={`inline-flex min-h-11 cursor-pointer items-center rounded-full border px-4 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 ${mode === key ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-ink"}`}
            >
              <input
                type="radio"
                name={modeField}
                value={key}
                checked={mode === key}
                onChange={() => setMode(key)}
                className="sr-only"
              />
              {copy.modes[key]}
            </label>
          ))}
        </fieldset>
      ) : null}
      {/* Before the map in reading order, on the right from the large breakpoint: on a phone the list sits
          above the map, so that a finger drags a vendor down onto it. */}
      <div className={`lg:col-start-3 ${row}`}>
        <p className="hidden text-sm text-muted noscript:block">{copy.noScript}</p>
        {mode === "organizer" ? (
          <section aria-label={copy.waitingTitle}>
            <h3 className="text-lg font-semibold text-ink">{copy.waitingTitle}</h3>
            <p className="mt-1 text-sm text-muted noscript:hidden pointer-coarse:hidden">
              {copy.chooseHint}
            </p>
            <p className="mt-1 hidden text-sm text-muted pointer-coarse:block noscript:hidden">
              {copy.tapHint}
            </p>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
              {vendors.map((vendor) => (
                <VendorCard
                  key={vendor.id}
                  vendor={vendor}
                  booth={boothOf(state, vendor.id)}
                  chosen={chosen === vendor.id}
                  onChoose={(byTouch) => {
                    choose(vendor, byTouch);
                    focusBooth(active);
                  }}
                  onHover={setTarget}
                  onDrop={(boothId) => assignTo(vendor, boothId)}
                />
              ))}
            </ul>
          </section>
        ) : null}
        {mode === "public" ? (
          <section aria-label={copy.publicTitle}>
            <h3 className="text-lg font-semibold text-ink">{copy.publicTitle}</h3>
            <ul className="mt-3 space-y-1 text-sm">
              {byBooth.map((entry) => (
                <li key={entry.booth}>
                  <span className="font-semibold">{entry.booth}</span> {entry.name}
                </li>
              ))}
            </ul>
            <p className="mt-3 text-sm text-muted">
              {copy.availableCount(layout.booths.length - byBooth.length)}
            </p>
          </section>
        ) : null}
        {mode === "vendor" ? (
          <section aria-label={copy.modes.vendor}>
            <h3 className="text-lg font-semibold text-ink">
              {copy.booth.bookAs(pickAndPayVendor)}
            </h3>
            <p className="mt-1 text-sm text-muted">{copy.booth.pickHint}</p>
            {pickedBooth ? (
              <div className="mt-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <p>
                  {copy.booth.quote(
                    pickedBooth.id,
                    quote(pickedBooth).price,
                    quote(pickedBooth).fee,
                  )}{" "}
                  <strong>{quote(pickedBooth).total}</strong>
                </p>
                <button
                  type="button"
                  onClick={() => {
                    setState((current) =>
                      pay(current, pickAndPayVendor, pickedBooth, demoMessages),
                    );
                    setPicked(undefined);
                  }}
                  className="mt-3 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
                >
                  {copy.booth.pay(quote(pickedBooth).total)}
                </button>
              </div>
            ) : null}
          </section>
        ) : null}
      </div>
      <div className={`min-w-0 lg:col-span-2 lg:col-start-1 ${row}`}>
        {/* On a phone the status stays in sight under the header while the map scrolls: the chosen vendor and
            the booths are on screen together. */}
        <p
          role="status"
          aria-live="polite"
          className="sticky top-16 z-10 mb-3 min-h-6 bg-white/95 py-1 font-medium text-brand-900 lg:static"
        >
          {state.message}
        </p>
        <div ref={mapRef}>
          {drawMap("portrait")}
          {drawMap("wide")}
        </div>
        <VenueMapLegend items={copy.legend} />
        <p className="mt-2 text-sm text-muted">{copy.sizes}</p>
      </div>
    </div>
  );
}
