// A <details> disclosure that works without JavaScript and, once hydrated, adds aria-expanded,
// Escape to close (focus back on the trigger), closing on outside click and after navigation.
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";

interface DisclosureProps {
  /** Content of the <summary> trigger. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is only an icon. */
  triggerLabel?: string;
  triggerClassName?: string;
  panelClassName?: string;
  className?: string;
  children: ReactNode;
}

export function Disclosure({
  trigger,
  triggerLabel,
  triggerClassName,
  panelClassName,
  className,
  children,
}: DisclosureProps) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const panelId = useId();
  const [open, setOpen] = useState(false);
  // aria-expanded is added only after hydration: without script, <summary> reports its own state.
  const [hydrated, setHydrated] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setHydrated(true), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the point of a path change.
  useEffect(() => {
    if (detailsRef.current) detailsRef.current.open = false;
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const details = detailsRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details) return;
      details.open = false;
      summaryRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details && event.target instanceof Node && !details.contains(event.target)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  return (
    <details
      ref={detailsRef}
      className={className}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: <summary> is the disclosure's button; the explicit state mirrors <details open>. */}
      <summary
        ref={summaryRef}
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={hydrated ? panelId : undefined}
      >
        {trigger}
      </summary>
      <div id={panelId} className={panelClassName}>
        {children}
      </div>
    </details>
  );
}
