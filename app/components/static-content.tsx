// Page content that ships as HTML only: prerendered at build time, adopted from the DOM on
// hydration, fetched as the page's own HTML on client-side navigation. Its copy never enters the
// JavaScript bundle (route modules pass it behind `import.meta.env.SSR`, which the client build drops).
import {
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from "react";
import { type MetaDescriptor, useNavigate } from "react-router";
import { headFromDocument } from "../lib/head-from-html";

const attribute = "data-static-content";

export interface StaticContentData {
  /** Region id -> inner HTML, from the page's prerendered document. */
  staticHtml?: Record<string, string>;
  /** The page's head tags, from the same document (read by `prerenderedHead`). */
  head?: MetaDescriptor[];
}

function regionsOf(root: ParentNode): Record<string, string> {
  const regions: Record<string, string> = {};
  for (const element of root.querySelectorAll(`[${attribute}]`)) {
    regions[element.getAttribute(attribute) ?? ""] = element.innerHTML;
  }
  return regions;
}

/** Build-time loader: its presence makes React Router prerender the page itself, not a fallback. */
export const staticPageLoader = () => null;

/**
 * clientLoader of static pages: on client-side navigation, fetch the page's prerendered HTML (the
 * document a reload would get, usually from the HTTP cache) and take its static regions out of it.
 */
export async function loadStaticContent({
  request,
}: {
  request: Request;
}): Promise<StaticContentData> {
  const response = await fetch(new URL(request.url).pathname, { headers: { accept: "text/html" } });
  if (!response.ok && response.status !== 404)
    throw new Response(null, { status: response.status });
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  return { staticHtml: regionsOf(doc), head: headFromDocument(doc) };
}

/** True until the first page has hydrated: only then is the server's HTML the current page's. */
let hydrating = true;

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** <summary> elements in static HTML get the aria-expanded state a React disclosure would have. */
function useDisclosureStates(container: React.RefObject<HTMLDivElement | null>, html: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML brings new <details> elements.
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const sync = (details: HTMLDetailsElement) =>
      details
        .querySelector(":scope > summary")
        ?.setAttribute("aria-expanded", String(details.open));
    for (const details of root.querySelectorAll("details")) sync(details);
    const onToggle = (event: Event) => {
      if (event.target instanceof HTMLDetailsElement) sync(event.target);
    };
    root.addEventListener("toggle", onToggle, true);
    return () => root.removeEventListener("toggle", onToggle, true);
  }, [html]);
}

interface StaticContentProps {
  /** Region id, unique on the page. */
  id?: string;
  /** Server only: the content to prerender. In the browser it is undefined (not in the bundle). */
  children?: ReactNode;
  /** Browser only: HTML of this region fetched by loadStaticContent for client-side navigation. */
  html?: string;
  className?: string;
}

export function StaticContent({ id = "main", children, html, className }: StaticContentProps) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  // During hydration the server's HTML is still in the DOM: adopt it. Later mounts (client-side
  // navigation) get their HTML from the clientLoader instead.
  const [hydratedHtml] = useState(() =>
    import.meta.env.SSR || !hydrating
      ? ""
      : (document.querySelector(`[${attribute}="${id}"]`)?.innerHTML ?? ""),
  );
  useEffect(() => {
    hydrating = false;
  }, []);
  const current = html ?? hydratedHtml;
  useDisclosureStates(ref, current);

  if (import.meta.env.SSR) {
    return (
      <div {...{ [attribute]: id }} className={className}>
        {children}
      </div>
    );
  }

  // Links in static HTML are plain anchors: send same-origin page links through the client router.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest("a");
    if (!anchor || !isPlainLeftClick(event) || anchor.target || anchor.hasAttribute("download"))
      return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith("/functions/")) return;
    event.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: delegates clicks of the links inside, which are focusable anchors.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link fires click, so keyboard users are covered.
    <div
      ref={ref}
      {...{ [attribute]: id }}
      className={className}
      onClick={onClick}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: our own prerendered HTML from our own origin.
      dangerouslySetInnerHTML={{ __html: current }}
    />
  );
}

/**
 * The default export of a page that is static content only. Pass the content component as
 * `import.meta.env.SSR ? Content : undefined` so the browser bundle leaves it and its copy out.
 */
export function staticPage(Content: ComponentType | undefined) {
  return function StaticPage({ loaderData }: { loaderData?: StaticContentData | null }) {
    return (
      <StaticContent html={loaderData?.staticHtml?.main}>
        {Content ? <Content /> : null}
      </StaticContent>
    );
  };
}
