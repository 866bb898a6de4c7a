// A <details> disclosure that works without JavaScript; the site script adds aria-expanded, Escape to close
// (focus back on the trigger) and closing on an outside click (app/islands/disclosures.ts).
import { type ReactNode, useId } from "react";
import { disclosureAttribute } from "../../islands/markup";

interface DisclosureProps {
  /** Content of the <summary> trigger. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is only an icon. */
  triggerLabel?: string;
  triggerClassName?: string;
  panelClassName?: string;
  className?: string;
  /** The trigger's aria-current: the menu holds the page the visitor is on. */
  triggerCurrent?: "page" | "true" | undefined;
  children: ReactNode;
}

export function Disclosure({
  trigger,
  triggerLabel,
  triggerClassName,
  panelClassName,
  className,
  triggerCurrent,
  children,
}: DisclosureProps) {
  const panelId = useId();
  return (
    <details className={className} {...{ [disclosureAttribute]: "" }}>
      <summary className={triggerClassName} aria-label={triggerLabel} aria-current={triggerCurrent}>
        {trigger}
      </summary>
      <div id={panelId} className={panelClassName}>
        {children}
      </div>
    </details>
  );
}
