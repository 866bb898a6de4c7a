// `npm run launch-check`: lists every value the business must own that is still a placeholder; exits 1 while any is.
import { type BuildEnv, parseBuildEnv } from "../app/config/build-env.ts";
import { businessEnvDefaults, mailboxesOf } from "../app/config/business-env.ts";
import { type Testimonial, testimonials } from "../app/content/testimonials.ts";

export interface Finding {
  /** What is still a placeholder, and its value. */
  what: string;
  /** Where to change it. */
  where: string;
}

const envHint = "set it at build time (.env.example, docs/configuration.md)";

/** Reserved and local names that can never be the live site: example.*, *.example, *.test, *.invalid, localhost. */
export function isPlaceholderHost(host: string): boolean {
  return /(^|\.)(example\.(com|org|net)|example|test|invalid|localhost)$/i.test(host);
}

function hostOf(url: string): string {
  return new URL(url).hostname;
}

/** The placeholders left in a build-time configuration (`source` as the build would read it) and in content. */
export function launchFindings(
  source: Record<string, string | undefined>,
  content: { testimonials: readonly Testimonial[] } = { testimonials },
): Finding[] {
  const env: BuildEnv = parseBuildEnv(source);
  const findings: Finding[] = [];
  const placeholder = (variable: string, value: string, why: string) =>
    findings.push({ what: `${variable} = ${value} (${why})`, where: `${variable}: ${envHint}` });

  for (const variable of ["SITE_URL", "APP_URL"] as const) {
    if (isPlaceholderHost(hostOf(env[variable])))
      placeholder(variable, env[variable], "an example domain");
  }
  for (const [box, address] of Object.entries(mailboxesOf(env))) {
    const domain = address.split("@")[1] ?? "";
    if (!isPlaceholderHost(domain)) continue;
    const own = `MAIL_${box.toUpperCase()}`;
    findings.push({
      what: `${box} mailbox = ${address} (an example domain)`,
      where: `MAIL_DOMAIN (all three mailboxes) or ${own}: ${envHint}`,
    });
  }
  const urlVariables = [
    "DEMO_VIDEO_URL",
    "VENUE_MAP_VIDEO_URL",
    "SOCIAL_FACEBOOK_URL",
    "SOCIAL_INSTAGRAM_URL",
    "SOCIAL_LINKEDIN_URL",
    "SOCIAL_YOUTUBE_URL",
  ] as const;
  if (env.SOCIAL_X_HANDLE === businessEnvDefaults.SOCIAL_X_HANDLE)
    placeholder("SOCIAL_X_HANDLE", env.SOCIAL_X_HANDLE, "the sample default");
  for (const variable of urlVariables) {
    const value = env[variable];
    if (value === businessEnvDefaults[variable]) placeholder(variable, value, "the sample default");
    else if (isPlaceholderHost(hostOf(value))) placeholder(variable, value, "an example domain");
  }
  // The default path is plausible on a real app; it is a placeholder only while nobody chose it.
  if (!source.SAMPLE_EVENT_PATH)
    placeholder("SAMPLE_EVENT_PATH", env.SAMPLE_EVENT_PATH, "not set: the sample default");
  for (const item of content.testimonials.filter((t) => t.sample)) {
    findings.push({
      what: `testimonial of ${item.name}, ${item.role} (marked sample)`,
      where: `content/testimonials/${item.slug}.yaml (the editor's Testimonials): replace it with an organizer's own words and clear "Sample"`,
    });
  }
  return findings;
}

/** Facts worth reading that are not placeholders. */
export function launchNotes(source: Record<string, string | undefined>): string[] {
  const env = parseBuildEnv(source);
  return env.PUBLIC_BACKEND_KEY
    ? []
    : [
        "PUBLIC_BACKEND_KEY is unset: right for this server, which does not check an apikey; set it only if a gateway in front of /functions/v1 requires one.",
      ];
}

export function launchReport(findings: readonly Finding[], notes: readonly string[]): string {
  const lines =
    findings.length === 0
      ? ["launch-check: every value the business must own is set."]
      : [
          `launch-check: ${findings.length} value(s) still at a placeholder:`,
          ...findings.map((f) => `  - ${f.what}\n      change: ${f.where}`),
        ];
  return [...lines, ...notes.map((note) => `note: ${note}`)].join("\n");
}

if (import.meta.main) {
  try {
    const findings = launchFindings(process.env);
    console.log(launchReport(findings, launchNotes(process.env)));
    process.exitCode = findings.length === 0 ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  }
}
