// The 11 event types as a row of pill links to their pages.
import { Link } from "react-router";
import { eventTypeLinks } from "../../content/navigation";

export function EventTypeLinks() {
  return (
    <ul className="flex flex-wrap gap-3">
      {eventTypeLinks.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            className="inline-block rounded-full border border-slate-300 bg-white px-4 py-2 font-medium text-brand-800 hover:border-brand-700 hover:underline"
          >
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
