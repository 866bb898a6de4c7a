// Site header: brand, desktop navigation with the Event Types dropdown, and the mobile menu. Sticky, so the
// navigation stays in reach; the link of the page's section is marked (aria-current and a visible style).
import { Link, useLocation } from "react-router";
import { normalizePathname, paths } from "../../config/paths";
import { siteConfig } from "../../config/site";
import { eventTypeLinks, headerNav } from "../../content/navigation";
import { Disclosure } from "../ui/disclosure";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "../ui/icons";
import { LogoMark } from "./logo-mark";

type Current = "page" | "true" | undefined;

/** "page" on the link's own page, "true" on a page below it (a feature under Features), else nothing. */
export function currentFor(pathname: string, to: string): Current {
  if (pathname === to) return "page";
  if (to !== paths.home && pathname.startsWith(`${to}/`)) return "true";
  return undefined;
}

const eventTypesPrefix = paths.eventType("pop-up-markets").replace(/[^/]+$/, "");

const linkBase = "rounded-md px-3 text-sm font-medium hover:bg-brand-50 hover:text-brand-800";
/** The current section: brand colour, tinted, and underlined so it is not told by colour alone. */
const currentStyle = "bg-brand-50 text-brand-800 underline decoration-2 underline-offset-[6px]";
const desktopLinkClass = (current: Current) =>
  `${linkBase} py-2 ${current ? currentStyle : "text-ink"}`;
/** Phone links: at least 44 px tall, so taps never land on a neighbour. */
const mobileLinkClass = (current: Current) =>
  `${linkBase} flex min-h-11 items-center ${current ? currentStyle : "text-ink"}`;

function NavItem({
  to,
  label,
  pathname,
  className,
}: {
  to: string;
  label: string;
  pathname: string;
  className: (current: Current) => string;
}) {
  const current = currentFor(pathname, to);
  return (
    <Link to={to} aria-current={current} className={className(current)}>
      {label}
    </Link>
  );
}

export function SiteHeader() {
  // The prerender sees "/pricing/" for /pricing.
  const pathname = normalizePathname(useLocation().pathname);
  const inEventTypes: Current = pathname.startsWith(eventTypesPrefix) ? "true" : undefined;
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {headerNav.skipLink}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          to={paths.home}
          className="flex items-center gap-2 text-lg font-bold tracking-tight text-brand-800"
        >
          <LogoMark width={28} height={28} />
          {siteConfig.name}
        </Link>

        <nav aria-label={headerNav.mainNavLabel} className="hidden items-center gap-1 md:flex">
          <NavItem
            to={headerNav.home.to}
            label={headerNav.home.label}
            pathname={pathname}
            className={desktopLinkClass}
          />
          <Disclosure
            className="relative"
            triggerClassName={`flex items-center gap-1 ${desktopLinkClass(inEventTypes)}`}
            triggerCurrent={inEventTypes}
            trigger={
              <>
                {headerNav.eventTypes}
                <ChevronDownIcon width={16} height={16} />
              </>
            }
            panelClassName="absolute left-0 z-40 mt-2 w-72 rounded-lg border border-slate-200 bg-white p-2 shadow-lg"
          >
            <ul>
              {eventTypeLinks.map((link) => (
                <li key={link.to}>
                  <NavItem
                    to={link.to}
                    label={link.label}
                    pathname={pathname}
                    className={(current) => `block ${desktopLinkClass(current)}`}
                  />
                </li>
              ))}
            </ul>
          </Disclosure>
          {headerNav.main.map((link) => (
            <NavItem
              key={link.to}
              to={link.to}
              label={link.label}
              pathname={pathname}
              className={desktopLinkClass}
            />
          ))}
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <a
            href={headerNav.login.href}
            className="rounded-md px-3 py-2 text-sm font-medium hover:text-brand-800"
          >
            {headerNav.login.label}
          </a>
          <a
            href={headerNav.signUp.href}
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {headerNav.signUp.label}
          </a>
        </div>

        <Disclosure
          className="group md:hidden"
          triggerClassName="flex h-11 min-w-11 items-center justify-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium group-open:border-brand-700 group-open:bg-brand-50 group-open:text-brand-800"
          trigger={
            // Only the shown label counts toward the name: the toggle reads Menu, and Close while open.
            <>
              <MenuIcon className="group-open:hidden" />
              <CloseIcon className="hidden group-open:block" />
              <span className="group-open:hidden">{headerNav.menuLabel}</span>
              <span className="hidden group-open:inline">{headerNav.closeLabel}</span>
            </>
          }
          panelClassName="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
        >
          <nav aria-label={headerNav.mobileNavLabel}>
            <ul className="flex flex-col">
              <li>
                <NavItem
                  to={headerNav.home.to}
                  label={headerNav.home.label}
                  pathname={pathname}
                  className={mobileLinkClass}
                />
              </li>
              <li>
                <p className="px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                  {headerNav.eventTypes}
                </p>
                <ul className="grid grid-cols-1 pl-2 sm:grid-cols-2">
                  {eventTypeLinks.map((link) => (
                    <li key={link.to}>
                      <NavItem
                        to={link.to}
                        label={link.label}
                        pathname={pathname}
                        className={mobileLinkClass}
                      />
                    </li>
                  ))}
                </ul>
              </li>
              {headerNav.main.map((link) => (
                <li key={link.to}>
                  <NavItem
                    to={link.to}
                    label={link.label}
                    pathname={pathname}
                    className={mobileLinkClass}
                  />
                </li>
              ))}
            </ul>
            <div className="mt-4 flex gap-2">
              <a
                href={headerNav.login.href}
                className="flex min-h-11 flex-1 items-center justify-center rounded-md border border-slate-300 px-4 text-sm font-medium"
              >
                {headerNav.login.label}
              </a>
              <a
                href={headerNav.signUp.href}
                className="flex min-h-11 flex-1 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white"
              >
                {headerNav.signUp.label}
              </a>
            </div>
          </nav>
        </Disclosure>
      </div>
    </header>
  );
}
