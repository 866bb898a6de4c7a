// Toast notifications: a tiny store plus one live region, styled by our own CSS (no injected styles).
import { useEffect, useState, useSyncExternalStore } from "react";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** How long the toast stays, in milliseconds. */
  durationMs?: number;
}

interface Toast extends Required<Omit<ToastInput, "description">> {
  id: number;
  description?: string;
}

const defaultDurationMs = 5000;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function toast(input: ToastInput): number {
  const id = nextId++;
  toasts = [...toasts, { variant: "default", durationMs: defaultDurationMs, ...input, id }];
  emit();
  return id;
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const emptyToasts: Toast[] = [];

function ToastItem({ item }: { item: Toast }) {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const hide = window.setTimeout(() => dismissToast(item.id), item.durationMs);
    const fade = window.setTimeout(() => setLeaving(true), Math.max(0, item.durationMs - 200));
    return () => {
      window.clearTimeout(hide);
      window.clearTimeout(fade);
    };
  }, [item.id, item.durationMs]);
  const destructive = item.variant === "destructive";
  return (
    <li
      data-variant={item.variant}
      className={`pointer-events-auto w-full max-w-sm rounded-lg border p-4 shadow-lg transition-opacity duration-200 ${
        leaving ? "opacity-0" : "opacity-100"
      } ${destructive ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-ink"}`}
    >
      <div className="flex items-start gap-3">
        <div className="flex-1">
          <p className="font-semibold">{item.title}</p>
          {item.description ? (
            <p className={`mt-1 text-sm ${destructive ? "text-white" : "text-muted"}`}>
              {item.description}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={() => dismissToast(item.id)}
          className="rounded px-2 text-lg leading-none"
          aria-label="Dismiss notification"
        >
          ×
        </button>
      </div>
    </li>
  );
}

/** Renders current toasts in two live regions: polite for news, assertive for errors. */
export function Toaster() {
  const current = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => emptyToasts,
  );
  const regions = [
    {
      variant: "default",
      role: "status",
      items: current.filter((t) => t.variant !== "destructive"),
    },
    {
      variant: "destructive",
      role: "alert",
      items: current.filter((t) => t.variant === "destructive"),
    },
  ] as const;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
      {regions.map((region) => (
        <ol
          key={region.variant}
          role={region.role}
          aria-live={region.role === "alert" ? "assertive" : "polite"}
          className="flex w-full flex-col items-center gap-2 sm:items-end"
        >
          {region.items.map((item) => (
            <ToastItem key={item.id} item={item} />
          ))}
        </ol>
      ))}
    </div>
  );
}
