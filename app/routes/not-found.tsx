// The 404 page: served with status 404 for any path outside the route table.
import { Link } from "react-router";
import { paths } from "../config/paths";
import { notFoundPage as notFoundCopy } from "../content/store";
import { buildHead } from "../lib/seo";

export const meta = () => buildHead({ ...notFoundCopy.head, noindex: true });

// Rendered at build time only (ADR 12); its one script is inline and hashed for the CSP at build.

/** Logs the path the visitor asked for: the one thing this page does in the browser. */
const consoleLine = `console.error(${JSON.stringify(notFoundCopy.consoleMessage)}, location.pathname);`;

export default function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold">{notFoundCopy.heading}</h1>
      <p className="mt-3 text-muted">{notFoundCopy.body}</p>
      <Link
        to={paths.home}
        className="mt-8 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {notFoundCopy.homeLink}
      </Link>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, hashed for the CSP. */}
      <script dangerouslySetInnerHTML={{ __html: consoleLine }} />
    </section>
  );
}
