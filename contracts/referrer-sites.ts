// The site a referrer host belongs to (l.facebook.com, m.facebook.com and facebook.com are all Facebook), and a
// breakdown's host rows summed per site, so the console shows one row a site and its hosts on demand.
// No Node-only imports: the console uses it.
import type { BreakdownRow } from "./admin-api.ts";

/** Sites by their domains: a domain matches itself and its subdomains (l.instagram.com is Instagram). */
const siteDomains: readonly (readonly [site: string, domains: readonly string[]])[] = [
  ["Facebook", ["facebook.com", "fb.com", "fb.me"]],
  ["X", ["x.com", "twitter.com", "t.co"]],
  ["LinkedIn", ["linkedin.com", "lnkd.in"]],
  ["Instagram", ["instagram.com"]],
  ["Bing", ["bing.com"]],
  ["DuckDuckGo", ["duckduckgo.com"]],
];

/**
 * Google's search, in every country (google.com, www.google.co.uk, google.com.au); not its other services, such as
 * mail.google.com, which are not the search a visitor came from.
 */
const googleSearch = /^(www\.)?google(\.com?)?\.[a-z]{2,3}$/;

/** The site of a referrer host: a known site's name, else the host without "www."; "" (no host) stays "". */
export function referrerSite(host: string): string {
  const name = host.toLowerCase();
  for (const [site, domains] of siteDomains) {
    if (domains.some((domain) => name === domain || name.endsWith(`.${domain}`))) return site;
  }
  if (googleSearch.test(name)) return "Google";
  return name.replace(/^www\./, "");
}

/** A site's figures (its hosts' sums; `value` is the site) and its host rows as the API gave them. */
export interface SiteRow extends BreakdownRow {
  hosts: BreakdownRow[];
}

const summed = [
  "visits",
  "messages",
  "pageviews",
  "signups",
  "clicks",
  "converted",
  "signedUpVisits",
  "previousVisits",
  "previousMessages",
  "previousSignups",
] as const satisfies readonly (keyof BreakdownRow)[];

/** Host rows summed per site, most visits first (a tie keeps the API's order, in which a site's first host came). */
export function siteRows(hosts: readonly BreakdownRow[]): SiteRow[] {
  const sites = new Map<string, SiteRow>();
  for (const host of hosts) {
    const value = referrerSite(host.value);
    const site = sites.get(value);
    if (!site) {
      sites.set(value, { ...host, value, hosts: [host] });
      continue;
    }
    for (const figure of summed) site[figure] += host[figure];
    site.hosts.push(host);
  }
  return [...sites.values()].sort((a, b) => b.visits - a.visits);
}
