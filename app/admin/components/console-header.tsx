// The console's header: where you are, the sections (Team for owners), who is signed in, and signing out.
import { useState } from "react";
import { NavLink } from "react-router";
import { adminApiPaths } from "../../../contracts/admin-api";
import { adminApi } from "../api";
import { adminPaths } from "../paths";
import { IfAllowed } from "../role";
import { LiveStatus } from "./console-live";
import { secondaryButtonClass } from "./ui";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? "bg-brand-50 text-brand-800" : "text-ink"
  }`;

export function ConsoleHeader({
  email,
  unreadCount,
  onSignedOut,
}: {
  email: string;
  /** Unread messages (spam left out), or null when the count could not be read. */
  unreadCount: number | null;
  onSignedOut: (problem: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    const result = await adminApi.delete(adminApiPaths.session);
    setBusy(false);
    onSignedOut(result.kind === "error" ? result.error : null);
  }

  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <p className="text-lg font-bold text-brand-800">
          BoothPilot <span className="font-medium text-muted">admin</span>
        </p>
        <nav aria-label="Admin" className="flex items-center gap-1">
          {/* "end": the inbox link is not current on the message pages below it. */}
          <NavLink to={adminPaths.inbox} end className={navLinkClass}>
            Inbox
            {unreadCount ? (
              <span className="ml-2 rounded-full bg-brand-800 px-2 py-0.5 text-xs font-semibold text-white">
                {unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </NavLink>
          <NavLink to={adminPaths.analytics} className={navLinkClass}>
            Analytics
          </NavLink>
          <IfAllowed permission="team">
            <NavLink to={adminPaths.team} className={navLinkClass}>
              Team
            </NavLink>
          </IfAllowed>
          <NavLink to={adminPaths.account} className={navLinkClass}>
            Account
          </NavLink>
        </nav>
        <div className="flex items-center gap-3">
          <LiveStatus />
          <span className="text-sm text-muted">
            Signed in as <span className="font-semibold text-ink">{email}</span>
          </span>
          <button type="button" className={secondaryButtonClass} onClick={signOut} disabled={busy}>
            {busy ? "Signing out..." : "Sign out"}
          </button>
        </div>
      </div>
    </header>
  );
}
