// Document shell shared by every page: head tags, header, main landmark, footer, scripts.
import { type ReactNode, useContext, useEffect } from "react";
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import "./app.css";
import { SiteFooter } from "./components/layout/site-footer";
import { SiteHeader } from "./components/layout/site-header";
import { trackReferrerOnce } from "./lib/referrer-tracking";

/** False only in the page benchmark's all-SPA build (vite.config.ts). */
declare const __SPA_FALLBACK_IS_CONSOLE__: boolean;

/**
 * True on the admin console's page: React Router's SPA fallback, the one page not prerendered. It brings its own
 * header and landmarks, and its visits are not the site's (no referrer tracking). The flag is the same while the
 * fallback is rendered at build time and while it hydrates, so both render the same shell.
 */
function useIsConsolePage(): boolean {
  const isSpaFallback = useContext(FrameworkContext)?.isSpaMode === true;
  return __SPA_FALLBACK_IS_CONSOLE__ && isSpaFallback;
}

export function Layout({ children }: { children: ReactNode }) {
  const isConsolePage = useIsConsolePage();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3a93" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans antialiased">
        {isConsolePage ? (
          children
        ) : (
          <>
            <SiteHeader />
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooter />
          </>
        )}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const isConsolePage = useIsConsolePage();
  useEffect(() => {
    // A marker for tests and tools: the page is interactive from here on.
    document.documentElement.dataset.hydrated = "true";
    // After hydration, which itself starts after first paint: tracking never delays the page.
    if (!isConsolePage) void trackReferrerOnce();
  }, [isConsolePage]);
  return <Outlet />;
}
