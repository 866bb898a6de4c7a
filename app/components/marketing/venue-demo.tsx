// The interactive venue-map demo: assign waiting vendors by drag or keyboard, the public view, pick and pay.
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import {
  bookedVendorNames,
  venueDemoCopy as copy,
  type DemoVendor,
  pickAndPayVendor,
  waitingVendors,
} from "../../content/venue-demo";
import { type Booth, interactiveDemoLayout as layout } from "../../content/venue-layouts";
import {
  assign,
  boothInDirection,
  boothOf,
  type DemoState,
  initialDemoState,
  pay,
  quote,
} from "../../lib/venue-demo-state";
import { VenueMap, VenueMapLegend } from "./venue-map";

/** Marks the compact variant (home page) in the markup, so that the island hydrates the same variant. */
export const compactDemoAttribute = "data-compact";

type Mode = keyof typeof copy.modes;
type Arrow = "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight";
const arrows = new Set<string>(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

const boothById = new Map(layout.booths.map((booth) => [booth.id, booth]));
const firstBooth = layout.booths[0] as Booth;

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
          {props.booth ? `In booth ${props.booth}` : "Waiting"}
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
      <p className="mt-1 text-sm text-muted">
        {vendor.category} · prefers {vendor.preference.toLowerCase()}
      </p>
      <p className="text-sm text-muted">
        {vendor.website} · {vendor.social}
      </p>
    </li>
  );
}

export function VenueDemo({ compact = false }: { compact?: boolean }) {
  const vendors = compact ? waitingVendors.slice(0, 3) : waitingVendors;
  const [state, setState] = useState<DemoState>(() =>
    initialDemoState(layout.booths, bookedVendorNames),
  );
  const [mode, setMode] = useState<Mode>("organizer");
  const [chosen, setChosen] = useState<string | undefined>();
  const [active, setActive] = useState<string>(firstBooth.id);
  const [picked, setPicked] = useState<string | undefined>();
  const [live, setLive] = useState(false);
  // The booth a dragged vendor would land on.
  const [target, setTarget] = useState<string | undefined>();
  const mapRef = useRef<HTMLDivElement>(null);
  useEffect(() => setLive(true), []);

  const vendorById = (id: string | undefined) => vendors.find((v) => v.id === id);
  const focusBooth = (id: string) =>
    mapRef.current?.querySelector<SVGGElement>(`[data-booth="${id}"]`)?.focus();

  const assignTo = (vendor: DemoVendor, boothId: string) => {
    setState((current) => assign(current, vendor, boothId));
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
      const { total } = quote(booth);
      setState((current) => ({
        ...current,
        message: holder
          ? `Booth ${boothId} is taken by ${holder.name}. Pick an open booth.`
          : `Picked booth ${boothId}: ${total} with the platform fee.`,
      }));
      return;
    }
    const vendor = vendorById(chosen);
    if (vendor) assignTo(vendor, boothId);
  };
  const onBoothKey = (event: KeyboardEvent<SVGGElement>, booth: Booth) => {
    if (arrows.has(event.key)) {
      event.preventDefault();
      const next = boothInDirection(layout.booths, booth, event.key as Arrow);
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
    const kind = booth.status === "premium" ? "premium corner booth" : "booth";
    const price = `$${booth.priceUsd}`;
    if (mode === "public") return `Booth ${booth.id}: ${holder ? holder.name : "available"}`;
    return `Booth ${booth.id}, ${kind}, ${price}: ${holder ? `taken by ${holder.name}` : "open"}`;
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

  return (
    <div
      className="grid gap-6 lg:grid-cols-3"
      data-live={live || undefined}
      {...(compact ? { [compactDemoAttribute]: "" } : {})}
    >
      <div className="min-w-0 lg:col-span-2">
        {shownModes.length > 1 ? (
          <fieldset className="mb-4 flex flex-wrap gap-2 noscript:hidden">
            <legend className="sr-only">{copy.modesLabel}</legend>
            {shownModes.map((key) => (
              <label
                key={key}
                className={`cursor-pointer rounded-full border px-4 py-2 text-sm font-semibold ${mode === key ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-ink"}`}
              >
                <input
                  type="radio"
                  name="venue-demo-mode"
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
        {/* Below the large breakpoint the map keeps its drawn size (booths 80 by 48 px, beyond the
            44 px a finger needs) and scrolls sideways. */}
        <div
          ref={mapRef}
          className="overflow-x-auto"
          // The public view's booths take no focus: the scroller itself must, to scroll by keyboard.
          {...(interactive ? {} : { role: "region", "aria-label": copy.publicMapLabel })}
          tabIndex={interactive ? undefined : 0}
        >
          <VenueMap
            layout={layout}
            title={copy.mapLabel}
            className="min-w-[40rem] lg:min-w-0"
            booths={(booth) => ({
              fill: fillOf(booth),
              text:
                mode === "public"
                  ? (state.holders[booth.id]?.name.split(" ")[0] ?? booth.id)
                  : (state.holders[booth.id]?.short ?? booth.id),
              props: {
                role: interactive ? "button" : "img",
                "aria-label": describe(booth),
                tabIndex: interactive ? (booth.id === active ? 0 : -1) : undefined,
                onKeyDown: interactive ? (event) => onBoothKey(event, booth) : undefined,
                onClick: interactive ? () => act(booth.id) : undefined,
                onFocus: () => setActive(booth.id),
                className: `outline-none focus-visible:[&>rect]:stroke-brand-900 focus-visible:[&>rect]:stroke-[4] ${interactive ? "cursor-pointer" : ""} ${booth.id === target ? "[&>rect]:stroke-brand-700 [&>rect]:stroke-[5] [&>rect]:[stroke-dasharray:8_4]" : ""}`,
              },
            })}
          />
        </div>
        <VenueMapLegend items={copy.legend} />
        <p className="mt-2 text-sm text-muted">{copy.sizes}</p>
        <p role="status" aria-live="polite" className="mt-4 min-h-6 font-medium text-brand-900">
          {state.message}
        </p>
      </div>
      <div>
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
            <ul className="mt-3 space-y-3">
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
              {copy.availableLabel}: {layout.booths.length - byBooth.length} booths
            </p>
          </section>
        ) : null}
        {mode === "vendor" ? (
          <section aria-label={copy.modes.vendor}>
            <h3 className="text-lg font-semibold text-ink">Book as {pickAndPayVendor}</h3>
            <p className="mt-1 text-sm text-muted">
              Pick an open booth on the map, then pay. No real payment is made.
            </p>
            {pickedBooth ? (
              <div className="mt-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <p>
                  Booth {pickedBooth.id}: {quote(pickedBooth).price} + platform fee{" "}
                  {quote(pickedBooth).fee} = <strong>{quote(pickedBooth).total}</strong>
                </p>
                <button
                  type="button"
                  onClick={() => {
                    setState((current) => pay(current, pickAndPayVendor, pickedBooth));
                    setPicked(undefined);
                  }}
                  className="mt-3 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
                >
                  Pay {quote(pickedBooth).total} (simulated)
                </button>
              </div>
            ) : null}
          </section>
        ) : null}
      </div>
    </div>
  );
}
