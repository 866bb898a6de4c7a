// The contact form's place on the page: prerendered HTML in a static content region that posts without
// JavaScript, hydrated as its own React root when the visitor first focuses or submits it (ADR 9), so
// the form's code and copy are not part of the page's JavaScript.
import { useEffect, useRef } from "react";
import type { Root } from "react-dom/client";
import { StaticContent } from "../static-content";
import { ContactForm } from "./contact-form";

/** Marks the root element of the form's island inside the region's HTML. */
const islandAttribute = "data-contact-form-island";

interface ContactFormRegionProps {
  /** Browser only: the region's HTML fetched on client-side navigation (see StaticContent). */
  html?: string | undefined;
  className?: string;
}

export function ContactFormRegion({ html, className }: ContactFormRegionProps) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML brings a new form to hydrate.
  useEffect(() => {
    // The SPA benchmark build renders the form in the page's own tree: there is nothing to hydrate.
    if (import.meta.env.SSR) return;
    const region = ref.current;
    if (!region) return;
    let state: "static" | "loading" | "hydrated" | "failed" = "static";
    let submitHeld = false;
    let unmounted = false;
    let root: Root | undefined;
    const island = () => region.querySelector(`[${islandAttribute}]`);

    const load = () => {
      if (state !== "static") return;
      state = "loading";
      import("./contact-form-island").then(
        ({ hydrateContactForm }) => {
          const container = island();
          if (unmounted || !container) return;
          root = hydrateContactForm(container, { submit: submitHeld });
          state = "hydrated";
        },
        () => {
          // Offline or a new deploy: the form stays plain HTML and the browser posts it itself.
          state = "failed";
          if (submitHeld && !unmounted) island()?.querySelector("form")?.submit();
        },
      );
    };
    const onSubmit = (event: Event) => {
      if (state === "hydrated" || state === "failed") return;
      // Held back, then sent by the hydrated form (it validates first).
      event.preventDefault();
      submitHeld = true;
      load();
    };
    region.addEventListener("focusin", load);
    region.addEventListener("submit", onSubmit, true);
    return () => {
      unmounted = true;
      region.removeEventListener("focusin", load);
      region.removeEventListener("submit", onSubmit, true);
      // Not while the page's own root is committing this change: React refuses a nested sync unmount.
      if (root) queueMicrotask(() => root?.unmount());
    };
  }, [html]);

  return (
    <div ref={ref} className={className}>
      <StaticContent id="form" html={html}>
        {import.meta.env.SSR ? (
          <div {...{ [islandAttribute]: "" }}>
            <ContactForm />
          </div>
        ) : null}
      </StaticContent>
    </div>
  );
}
