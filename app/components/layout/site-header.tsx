// Site header: brand, desktop navigation with the Event Types dropdown, and the mobile menu.
import { Link, NavLink } from "react-router";
import { paths } from "../../config/paths";
import { siteConfig } from "../../config/site";
import { eventTypeLinks, headerNav } from "../../content/navigation";
import { Disclosure } from "../ui/disclosure";
import { ChevronDownIcon, MenuIcon } from "../ui/icons";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? "text-brand-800" : "text-ink"
  }`;

export function SiteHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {headerNav.skipLink}
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link to={paths.home} className="text-lg font-bold text-brand-800">
          {siteConfig.name}
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to={headerNav.home.to} end className={navLinkClass}>
            {headerNav.home.label}
          </NavLink>
          <Disclosure
            className="relative"
            triggerClassName="flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-800"
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
                  <NavLink
                    to={link.to}
                    className="block rounded-md px-3 py-2 text-sm hover:bg-brand-50 hover:text-brand-800"
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </Disclosure>
          {headerNav.main.map((link) => (
            <NavLink key={link.to} to={link.to} className={navLinkClass}>
              {link.label}
            </NavLink>
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
          className="md:hidden"
          triggerLabel={headerNav.menuLabel}
          triggerClassName="flex h-11 w-11 items-center justify-center rounded-md border border-slate-300"
          trigger={<MenuIcon />}
          panelClassName="absolute inset-x-0 top-16 z-40 border-b border-slate-200 bg-white px-4 pb-6 shadow-lg"
        >
          <nav aria-label="Mobile">
            <ul className="flex flex-col">
              <li>
                <NavLink to={headerNav.home.to} end className={navLinkClass}>
                  {headerNav.home.label}
                </NavLink>
              </li>
              <li>
                <p className="px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                  {headerNav.eventTypes}
                </p>
                <ul className="grid grid-cols-1 pl-2 sm:grid-cols-2">
                  {eventTypeLinks.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} className={navLinkClass}>
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </li>
              {headerNav.main.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={navLinkClass}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-4 flex gap-2">
              <a
                href={headerNav.login.href}
                className="flex-1 rounded-md border border-slate-300 px-4 py-2 text-center text-sm font-medium"
              >
                {headerNav.login.label}
              </a>
              <a
                href={headerNav.signUp.href}
                className="flex-1 rounded-md bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white"
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
