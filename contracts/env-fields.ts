// Environment fields the build (app/config/build-env.ts) and the server (server/env.ts) both read: written once.
// No Node-only imports: the build's config is read by Vite and by the browser's tests too.
import { z } from "zod";
import { isHttpOrigin } from "./fields.ts";

/** An absolute http(s) origin; a trailing slash is dropped. */
export const absoluteOrigin = (name: string) =>
  z
    .string()
    .trim()
    .refine(isHttpOrigin, {
      message: `${name} must be an absolute http(s) origin such as https://www.example.com`,
    })
    .transform((value) => value.replace(/\/+$/, ""));

/** The site's canonical origin (build and run time). */
export const siteUrl = absoluteOrigin("SITE_URL").default("https://www.boothpilot.example").meta({
  description:
    "Canonical origin: canonical and Open Graph URLs, sitemap, share images; at run time the origin of the admin links in contact e-mails",
});

/**
 * Days raw referrer visits are kept (0: forever): the server deletes older ones, and the privacy and cookie pages
 * state the same number, so the variable is read at build and at run time.
 */
export const visitRetentionDays = z.coerce.number().int().min(0).default(400).meta({
  description:
    "Days raw referrer visits and site events (pageviews and clicks) are kept (the privacy and cookie pages state the number, so set it at build too); older ones are deleted in small batches, hourly. The analytics' daily and weekly rollups are kept; the hourly ones (today's chart) keep today and yesterday whatever this says. `0` keeps raw visits and events forever",
});

/** An unset or empty variable is undefined; a set one is trimmed. */
export const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * Parses the schema's variables from the environment (empty ones count as unset); on failure returns one readable
 * message naming every bad variable, never echoing a value.
 */
export function parseEnvFields<Schema extends z.ZodObject>(
  schema: Schema,
  source: Record<string, string | undefined>,
  title: string,
): { data: z.infer<Schema> } | { error: string } {
  const relevant = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, source[key] === "" ? undefined : source[key]]),
  );
  const result = schema.safeParse(relevant);
  if (result.success) return { data: result.data };
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  return { error: `${title}:\n${lines.join("\n")}` };
}
