// The 404 page: served with status 404 for any path outside the route table.
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { loadStaticContent, staticPageLoader } from "../components/static-content";
import { paths } from "../config/paths";
import { notFoundCopy } from "../content/not-found";
import { prerenderedHead } from "../lib/head-from-html";
import { buildHead } from "../lib/seo";

// Head tags come from content at build time; in the browser they are read back from the HTML.
export const meta = import.meta.env.SSR
  ? () => buildHead({ ...notFoundCopy.head, noindex: true })
  : prerenderedHead;
// Client-side navigation to an unknown path fetches it (a 404 with this page) for its head tags.
export const loader = staticPageLoader;
export const clientLoader = loadStaticContent;

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(notFoundCopy.consoleMessage, pathname);
  }, [pathname]);
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
    </section>
  );
}
