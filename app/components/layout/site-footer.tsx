// Site footer: the brand, info and legal links, social profiles.
import { Link } from "react-router";
import { siteConfig } from "../../config/site";
import { footerNav } from "../../content/navigation";
import { LogoMark } from "./logo-mark";

export function SiteFooter() {
  return (
    <footer id="site-footer" className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold tracking-tight text-brand-800">
            <LogoMark width={28} height={28} />
            {siteConfig.name}
          </p>
          <p className="mt-2 text-sm text-muted">{footerNav.blurb}</p>
        </div>
        <nav aria-label={footerNav.linksNav}>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {footerNav.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-ink underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={footerNav.socialNav}>
          <ul className="flex flex-wrap gap-4 text-sm">
            {footerNav.social.map((profile) => (
              <li key={profile.href}>
                <a
                  href={profile.href}
                  rel="noopener"
                  className="text-ink underline-offset-4 hover:underline"
                >
                  {profile.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="pb-8 text-center text-xs text-muted">{footerNav.copyright}</p>
    </footer>
  );
}
