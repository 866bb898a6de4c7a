// Document shell shared by every page: head tags and body. Marketing pages get their frame from the site layout
// route (routes/site-layout.tsx) and no React Router runtime; only the admin console runs React Router in the
// browser (ADR 12).
import { type ReactNode, useEffect } from "react";
import { Links, Meta, Outlet, Scripts } from "react-router";
import "./app.css";
import { siteConfig } from "./config/site";
import { quietSkippedTransitions } from "./lib/site-script";

/**
 * The title of a page whose routes give none: the admin console's page before its screen is known (its screens
 * and every prerendered page have their own).
 */
export const meta = () => [{ title: `${siteConfig.name} admin` }];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3a93" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* No first frame of a half-parsed page: on a busy machine Chromium painted the page before the
            hero's picture (or the header's last links) was parsed, and they then moved (a layout shift).
            Chromium unblocks at the target's start tag, so the target is the footer, after the content;
            a page without it (the console's shell) renders when parsing ends. Other engines ignore it. */}
        <link rel="expect" href="#site-footer" blocking="render" />
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, hashed for the CSP. */}
        <script dangerouslySetInnerHTML={{ __html: quietSkippedTransitions }} />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans antialiased">{children}</body>
    </html>
  );
}

/**
 * Rendered only into React Router's SPA fallback, the admin console's page (every other page is prerendered in
 * full): its scripts load the console, whose routes then render in the browser. No other page gets them.
 */
export function HydrateFallback() {
  return <Scripts />;
}

export default function App() {
  useEffect(() => {
    // A marker for tests and tools: the console is interactive from here on (the site script sets it on pages).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}
