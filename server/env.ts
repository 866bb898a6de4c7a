// Run-time configuration: every environment variable the server reads, validated once at start.
import { isIP } from "node:net";
import { z } from "zod";
import {
  optionalString,
  parseEnvFields,
  siteUrl,
  visitRetentionDays,
} from "../contracts/env-fields.ts";
import { isHttpOrigin, isUrl } from "../contracts/fields.ts";
import { isTimeZone } from "../contracts/time-zone.ts";

const addressList = optionalString.transform((value) =>
  value
    ? value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
    : [],
);

/** One proxy address, or a CIDR range of them (IPv4 or IPv6). */
function isAddressOrCidr(value: string): boolean {
  const [address = "", prefix, ...rest] = value.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy: unset (trust no forwarded header), or the proxies' addresses/CIDRs. "true" is refused: it
 * would take a client's own X-Forwarded-For as its address. A hop count is refused too: Fastify 5.12 trusts no
 * forwarded header for one, so every visitor would share the proxy's address and its limits.
 */
const trustProxy = optionalString
  .refine((value) => value?.toLowerCase() !== "true", {
    message:
      "TRUST_PROXY=true would trust any X-Forwarded-For a client sends: set the proxy's addresses or CIDRs (for example 10.0.0.2 or 10.0.0.0/8)",
  })
  .refine((value) => value === undefined || !/^\d+$/.test(value), {
    message:
      "TRUST_PROXY must not be a hop count (every visitor would share the proxy's address and limits): set the proxy's addresses or CIDRs (for example 10.0.0.2 or 10.0.0.0/8)",
  })
  .refine(
    (value) =>
      value === undefined ||
      value.toLowerCase() === "true" ||
      /^\d+$/.test(value) ||
      value.split(",").every((part) => isAddressOrCidr(part.trim())),
    {
      message:
        "TRUST_PROXY must be the proxies' addresses or CIDRs, comma-separated (for example 10.0.0.2 or 10.0.0.0/8)",
    },
  )
  .transform((value): false | string[] =>
    value === undefined ? false : value.split(",").map((part) => part.trim()),
  );

export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalString
      .refine(
        (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
        "DATABASE_URL must start with postgres:// or postgresql://",
      )
      .refine(
        (value) => value === undefined || !/^postgres(ql)?:\/\//.test(value) || isUrl(value),
        "DATABASE_URL is not a valid URL (a password with reserved characters must be percent-encoded)",
      ),
    SMTP_URL: optionalString
      .refine(
        (value) => value === undefined || /^smtps?:\/\//.test(value),
        "SMTP_URL must start with smtp:// or smtps://",
      )
      .refine(
        (value) => value === undefined || !/^smtps?:\/\//.test(value) || isUrl(value),
        "SMTP_URL is not a valid URL (a password with reserved characters must be percent-encoded)",
      ),
    MAIL_TO: addressList.refine(
      (list) => list.every((address) => z.email().safeParse(address).success),
      "MAIL_TO must be one or more e-mail addresses separated by commas",
    ),
    MAIL_FROM: optionalString.refine(
      (value) => value === undefined || z.email().safeParse(value).success,
      "MAIL_FROM must be an e-mail address",
    ),
    /** The site's origin at run time: links to the admin console in e-mails (also a build-time variable). */
    SITE_URL: siteUrl,
    ADMIN_EMAIL: optionalString.refine(
      (value) => value === undefined || z.email().safeParse(value).success,
      "ADMIN_EMAIL must be an e-mail address",
    ),
    // Not trimmed: sign-in compares the password exactly, so an outer space would silently make another one.
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .refine(
        (value) => value === undefined || value.trim() === value,
        "ADMIN_PASSWORD must not start or end with whitespace (sign-in compares it exactly): remove the outer spaces",
      )
      .refine(
        (value) => value === undefined || value.length >= 12,
        "ADMIN_PASSWORD must be at least 12 characters",
      ),
    RATE_LIMIT: z.enum(["on", "off"]).default("on"),
    /** "off": no weekly report e-mail to MAIL_TO (sent only while mail delivery is on). */
    WEEKLY_REPORT: z
      .enum(["on", "off"], { error: "WEEKLY_REPORT must be on or off" })
      .default("on"),
    /** "off": serve only the server functions (an API-only instance, or tests without a site build). */
    SERVE_SITE: z.enum(["on", "off"]).default("on"),
    /** Proxies in front of the server: their addresses/CIDRs (comma-separated). */
    TRUST_PROXY: trustProxy,
    /** Extra origins allowed to call the server functions from a browser (comma-separated). */
    CORS_ORIGINS: addressList
      .refine(
        (list) => list.every(isHttpOrigin),
        "CORS_ORIGINS must be a comma-separated list of origins such as https://www.example.com",
      )
      // A browser's Origin header never ends in a slash.
      .transform((list) => list.map((origin) => origin.replace(/\/+$/, ""))),
    /** The scraper reads /metrics with `Authorization: Bearer <METRICS_TOKEN>`; unset, /metrics answers no one. */
    METRICS_TOKEN: optionalString.refine(
      (value) => value === undefined || value.length >= 32,
      "METRICS_TOKEN must be at least 32 characters (for example: openssl rand -hex 32)",
    ),
    /** The IANA time zone of the analytics' days and hours (the console's "today"). */
    ANALYTICS_TIME_ZONE: z
      .string()
      .trim()
      .default("UTC")
      .refine(
        isTimeZone,
        "ANALYTICS_TIME_ZONE must be an IANA time zone name such as UTC, Europe/Berlin or America/New_York",
      ),
    /** Days raw visits are kept (the daily rollups are kept forever); 0 keeps them forever. */
    VISIT_RETENTION_DAYS: visitRetentionDays,
    /** Receivers of each new contact message that is not spam, as a signed "contact.created" event (comma-separated). */
    WEBHOOK_URL: addressList
      .refine(
        (list) => list.every((url) => isUrl(url) && /^https?:\/\//i.test(url)),
        "WEBHOOK_URL must be http(s) URLs separated by commas",
      )
      .refine((list) => list.length <= 10, "WEBHOOK_URL takes at most 10 URLs"),
    /** The Standard Webhooks signing secret (whsec_ and base64), shared with the receivers. */
    WEBHOOK_SECRET: optionalString.refine(
      (value) =>
        value === undefined ||
        (/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value) &&
          Buffer.from(value.slice(6), "base64").length >= 24),
      "WEBHOOK_SECRET must be whsec_ followed by at least 24 random bytes in base64",
    ),
    /** "on": webhook and Slack receivers may be on loopback or private addresses (a receiver on this network). */
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(["on", "off"], { error: "WEBHOOK_ALLOW_PRIVATE must be on or off" })
      .default("off"),
    /** A Slack incoming-webhook URL: each new contact message that is not spam, as a Slack message. */
    SLACK_WEBHOOK_URL: optionalString.refine(
      (value) => value === undefined || (isUrl(value) && /^https?:\/\//i.test(value)),
      "SLACK_WEBHOOK_URL must be an http(s) URL",
    ),
    /** "off": no acknowledgement e-mail to the sender of a contact message (sent only while mail delivery is on). */
    ACK_EMAIL: z.enum(["on", "off"], { error: "ACK_EMAIL must be on or off" }).default("on"),
    /** Addresses, domains and words that mark a contact message as spam (comma-separated). */
    SPAM_BLOCKLIST: addressList,
    /** "production": the admin cookie is Secure and HSTS is sent, whatever SITE_URL says. */
    NODE_ENV: optionalString,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && (env.MAIL_TO.length === 0 || !env.MAIL_FROM)) {
      ctx.addIssue({
        code: "custom",
        path: [env.MAIL_TO.length === 0 ? "MAIL_TO" : "MAIL_FROM"],
        message: "MAIL_TO and MAIL_FROM are required when SMTP_URL is set",
      });
    }
    if (env.WEBHOOK_URL.length > 0 && !env.WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOK_SECRET"],
        message:
          "WEBHOOK_SECRET is required when WEBHOOK_URL is set (receivers verify the signature)",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD are set together",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses run-time variables; throws an EnvError naming every bad variable (never echoing secrets). */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = parseEnvFields(envSchema, source, "Invalid configuration");
  if ("error" in result) {
    // One line per problem, each naming its variable: what an operator reads in a service's start log.
    const [, ...problems] = result.error.split("\n");
    throw new EnvError(problems.map((line) => `Invalid configuration: ${line.trim()}`).join("\n"));
  }
  return result.data;
}

/**
 * The site is served over HTTPS only (SITE_URL is https, or NODE_ENV=production): the admin cookie is always
 * Secure with the __Host- prefix and HSTS is sent, however a request reached the server (a TLS proxy without
 * TRUST_PROXY included). Browsers keep Secure cookies on http://localhost and http://127.0.0.1 (trustworthy
 * origins), so `npm start` with the default SITE_URL works locally; another plain-http host sets SITE_URL=http://….
 */
export function servesHttpsOnly(env: Pick<Env, "SITE_URL" | "NODE_ENV">): boolean {
  return env.SITE_URL.startsWith("https://") || env.NODE_ENV === "production";
}
