// The console's header: where you are, the sections (Team for owners), who is signed in, and signing out. Below the md
// breakpoint the sections and the account fold into a menu behind one button, so a phone's header stays one line.
import { useEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { adminApiPaths } from "../../../contracts/admin-api";
import { adminApi } from "../api";
import { adminPaths } from "../paths";
import { IfAllowed } from "../role";
import { LiveStatus, useHoldLiveReloads } from "./console-live";
import { secondaryButtonClass } from "./ui";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 md:min-h-0 ${
    isActive ? "bg-brand-50 text-brand-800" : "text-ink"
  }`;

function UnreadBadge({ count }: { count: number | null }) {
  if (!count) return null;
  return (
    <span className="ml-2 rounded-full bg-brand-800 px-2 py-0.5 text-xs font-semibold text-white">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/** The phone's menu: open or closed, closed again by Escape (focus back on its button) and by any navigation. */
function useMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu whatever it was.
  useEffect(() => setOpen(false), [pathname, search]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);
  return { open, toggle: () => setOpen((current) => !current), button };
}

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
  const menu = useMenu();
  const holdLiveReloads = useHoldLiveReloads();

  async function signOut() {
    setBusy(true);
    // A live reload under way would send its requests after the session ends (401s, and a flash of errors).
    const release = await holdLiveReloads();
    const result = await adminApi.delete(adminApiPaths.session);
    setBusy(false);
    if (result.kind === "error") release();
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
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
        <p className="text-lg font-bold text-brand-800">
          BoothPilot <span className="font-medium text-muted">admin</span>
        </p>
        <div className="flex items-center gap-3 md:order-last">
          <LiveStatus />
          <button
            type="button"
            ref={menu.button}
            className={`${secondaryButtonClass} md:hidden`}
            aria-expanded={menu.open}
            aria-controls="console-menu"
            onClick={menu.toggle}
          >
            Menu
            <UnreadBadge count={unreadCount} />
          </button>
        </div>
        <div
          id="console-menu"
          className={`${menu.open ? "flex" : "hidden"} w-full flex-col gap-3 border-t border-slate-200 pt-3 md:flex md:w-auto md:flex-1 md:flex-row md:items-center md:justify-between md:border-0 md:pt-0`}
        >
          <nav aria-label="Admin" className="flex flex-col gap-1 md:flex-row md:items-center">
            {/* "end": the inbox link is not current on the message pages below it. */}
            <NavLink to={adminPaths.inbox} end className={navLinkClass}>
              Inbox
              <UnreadBadge count={unreadCount} />
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
          <div className="flex flex-col items-start gap-3 md:flex-row md:items-center">
            <span className="min-w-0 break-all text-sm text-muted">
              Signed in as <span className="font-semibold text-ink">{email}</span>
            </span>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={signOut}
              disabled={busy}
            >
              {busy ? "Signing out..." : "Sign out"}
            </button>
          </div>
        </div>
      </div>
    </header>
  );
}
