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
 * A well-formed range that holds every client of a family: a /0 (0.0.0.0/0, ::/0, or any address with /0), or the
 * IPv4-mapped ::ffff:0:0/96 and wider (every IPv4 client). Trusting it is TRUST_PROXY=true by another name.
 */
function coversEveryClient(value: string): boolean {
  const [address = "", prefix] = value.split("/");
  if (prefix === undefined || !isAddressOrCidr(value)) return false;
  const bits = Number(prefix);
  if (bits === 0) return true;
  return isIP(address) === 6 && /^::ffff:/i.test(address) && bits <= 96;
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
  .refine(
    (value) =>
      value === undefined || !value.split(",").some((part) => coversEveryClient(part.trim())),
    {
      message:
        "TRUST_PROXY must not hold a range of every address (a /0 such as 0.0.0.0/0 or ::/0): like TRUST_PROXY=true it would trust any X-Forwarded-For a client sends; set the proxy's addresses or CIDRs (for example 10.0.0.2 or 10.0.0.0/8)",
    },
  )
  .transform((value): false | string[] =>
    value === undefined ? false : value.split(",").map((part) => part.trim()),
  );

export const envSchema = z
  .object({
    PORT: z.coerce
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(3000)
      .meta({ description: "The port the server listens on" }),
    HOST: z
      .string()
      .trim()
      .min(1)
      .default("127.0.0.1")
      .meta({ description: "The address the server listens on" }),
    DATA_DIR: z.string().trim().min(1).default("./data").meta({
      description: "SQLite database (`site.db`, created on first start) and other local state",
    }),
    DATABASE_URL: optionalString
      .refine(
        (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
        "DATABASE_URL must start with postgres:// or postgresql://",
      )
      .refine(
        (value) => value === undefined || !/^postgres(ql)?:\/\//.test(value) || isUrl(value),
        "DATABASE_URL is not a valid URL (a password with reserved characters must be percent-encoded)",
      )
      .meta({ description: "`postgres://…`: use PostgreSQL instead of SQLite" }),
    SMTP_URL: optionalString
      .refine(
        (value) => value === undefined || /^smtps?:\/\//.test(value),
        "SMTP_URL must start with smtp:// or smtps://",
      )
      .refine(
        (value) => value === undefined || !/^smtps?:\/\//.test(value) || isUrl(value),
        "SMTP_URL is not a valid URL (a password with reserved characters must be percent-encoded)",
      )
      .meta({
        description:
          "`smtp://user:pass@host:587` (STARTTLS required: a server that does not offer it is never sent the login) or `smtps://…:465`; credentials percent-encoded in the URL. Only a mail catcher on the same machine may opt out of TLS, explicitly: `smtp://localhost:1025?requireTLS=false` (logged as a warning at start). Set: contact messages are e-mailed through the outbox. Unset: they stay in the inbox (logged once at start)",
      }),
    MAIL_TO: addressList
      .refine(
        (list) => list.every((address) => z.email().safeParse(address).success),
        "MAIL_TO must be one or more e-mail addresses separated by commas",
      )
      .meta({ description: "The team's mailbox(es), comma-separated; required with `SMTP_URL`" }),
    MAIL_FROM: optionalString
      .refine(
        (value) => value === undefined || z.email().safeParse(value).success,
        "MAIL_FROM must be an e-mail address",
      )
      .meta({
        description:
          "Sender address of the e-mails (and the domain of their Message-ID); required with `SMTP_URL`",
      }),
    SITE_URL: siteUrl,
    ADMIN_EMAIL: optionalString
      .refine(
        (value) => value === undefined || z.email().safeParse(value).success,
        "ADMIN_EMAIL must be an e-mail address",
      )
      .meta({
        description:
          "The console's first owner, created at start; set with `ADMIN_PASSWORD` (both or neither). The console cannot remove or demote this owner: to hand over, set another address and restart (ADR 36). Other people join by invitation from the Team page (ADR 32). Unset: the console says no admin account is configured, sign-in is refused, and the stored accounts are removed",
      }),
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
      )
      .meta({
        description:
          "The first owner's password: at least 12 characters, without leading or trailing whitespace (refused at start); stored as a scrypt hash, never logged. A restart resets that owner's password (ending their sessions, turning their two-step sign-in off) only when this changed: the way to recover the account",
      }),
    RATE_LIMIT: z.enum(["on", "off"]).default("on").meta({
      description:
        "`off` disables per-address rate limits and the console's per-person report limits (benchmarks only); the admin sign-in limit and the bound on reports at once stay on",
    }),
    WEEKLY_REPORT: z
      .enum(["on", "off"], { error: "WEEKLY_REPORT must be on or off" })
      .default("on")
      .meta({
        description:
          "With `SMTP_URL` set, each Monday (UTC) `MAIL_TO` gets one e-mail about the week that ended: visits, sign-up clicks, contact messages, pageviews, top sources and campaigns, against the week before. `off`: no report. Any other value is refused at start",
      }),
    KEYSTATIC_MODE: z
      .enum(["off", "local", "github"], { error: "KEYSTATIC_MODE must be off, local or github" })
      .default("off")
      .meta({
        description:
          "The content editor's API under `/api/keystatic` (docs/content.md). `off`: answered 404. `local`: saves into the working tree's `content/`, only with `HOST` a loopback address (`npm run dev` sets it). `github`: commits to `KEYSTATIC_GITHUB_REPO` through a GitHub App (`KEYSTATIC_GITHUB_CLIENT_ID`, `KEYSTATIC_GITHUB_CLIENT_SECRET`, `KEYSTATIC_SECRET`); the server itself never writes files",
      }),
    KEYSTATIC_GITHUB_REPO: optionalString
      .refine(
        (value) => value === undefined || /^[\w.-]+\/[\w.-]+$/.test(value),
        "KEYSTATIC_GITHUB_REPO must be owner/name",
      )
      .meta({
        description:
          "The repository (`owner/name`) the editor commits content to with `KEYSTATIC_MODE=github`",
      }),
    SERVE_SITE: z.enum(["on", "off"]).default("on").meta({
      description:
        "`off` serves only the server functions (an API-only instance, no site build needed)",
    }),
    TRUST_PROXY: trustProxy.meta({
      description:
        "The TLS proxy in front, so client addresses are read from `X-Forwarded-For`: its addresses or CIDRs, comma-separated (`10.0.0.2`, `10.0.0.0/8`). A hop count (`1`), `true` and a range of every address (a `/0` such as `0.0.0.0/0` or `::/0`, or `::ffff:0:0/96`) are refused at start (a hop count would make every visitor share the proxy's address and limits; the others trust every client). Unset while requests carry `X-Forwarded-For`: a warning is logged once",
    }),
    CORS_ORIGINS: addressList
      .refine(
        (list) => list.every(isHttpOrigin),
        "CORS_ORIGINS must be a comma-separated list of origins such as https://www.example.com",
      )
      // A browser's Origin header never ends in a slash.
      .transform((list) => list.map((origin) => origin.replace(/\/+$/, "")))
      .meta({
        description: "Extra browser origins allowed to call the server functions, comma-separated",
      }),
    METRICS_TOKEN: optionalString
      .refine(
        (value) => value === undefined || value.length >= 32,
        "METRICS_TOKEN must be at least 32 characters (for example: openssl rand -hex 32)",
      )
      .meta({
        description:
          "`/metrics` (Prometheus) answers only a request with `Authorization: Bearer <METRICS_TOKEN>` (at least 32 characters), from this machine too; anyone else gets 404, everyone while it is unset",
      }),
    ANALYTICS_TIME_ZONE: z
      .string()
      .trim()
      .default("UTC")
      .refine(
        isTimeZone,
        "ANALYTICS_TIME_ZONE must be an IANA time zone name such as UTC, Europe/Berlin or America/New_York",
      )
      .meta({
        description:
          'The IANA time zone (for example `Europe/Berlin`) whose days and hours the console\'s analytics count: "today", the days of every range, the hourly chart. Rollups counted before a change keep the days they were counted in',
      }),
    VISIT_RETENTION_DAYS: visitRetentionDays,
    ROLLUP_INTERVAL_MS: z.coerce
      .number({ error: "ROLLUP_INTERVAL_MS must be a number of milliseconds" })
      .int("ROLLUP_INTERVAL_MS must be a whole number of milliseconds")
      .min(100, "ROLLUP_INTERVAL_MS must be at least 100")
      .max(60_000, "ROLLUP_INTERVAL_MS must be at most 60000")
      .default(2_000)
      .meta({
        description:
          "How often, in milliseconds, the visits and events stored since the last pass are counted into the console's analytics (ADR 49): the figures are at most about this far behind. 100 to 60000",
      }),
    WEBHOOK_URL: addressList
      .refine(
        (list) => list.every((url) => isUrl(url) && /^https?:\/\//i.test(url)),
        "WEBHOOK_URL must be http(s) URLs separated by commas",
      )
      .refine((list) => list.length <= 10, "WEBHOOK_URL takes at most 10 URLs")
      .meta({
        description:
          "One or more http(s) URLs, comma-separated: each new contact message that is not spam is POSTed to each as JSON (`type: \"contact.created\"`, the message, its visit's attribution, a link to it in the console), signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`), through the outbox with the e-mails' retry schedule. Redirects are not followed; 10 s per attempt; the answer is read up to 64 KiB",
      }),
    WEBHOOK_SECRET: optionalString
      .refine(
        (value) =>
          value === undefined ||
          (/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(value) &&
            Buffer.from(value.slice(6), "base64").length >= 24),
        "WEBHOOK_SECRET must be whsec_ followed by at least 24 random bytes in base64",
      )
      .meta({
        description:
          "The Standard Webhooks secret, `whsec_` and base64 of at least 24 random bytes (`openssl rand -base64 32`); required with `WEBHOOK_URL`",
      }),
    WEBHOOK_ALLOW_PRIVATE: z
      .enum(["on", "off"], { error: "WEBHOOK_ALLOW_PRIVATE must be on or off" })
      .default("off")
      .meta({
        description:
          "`on`: webhook and Slack receivers may resolve to loopback or private addresses. `off`: such a delivery is refused and marked failed (no request from the server into its own network through a configuration mistake)",
      }),
    SLACK_WEBHOOK_URL: optionalString
      .refine(
        (value) => value === undefined || (isUrl(value) && /^https?:\/\//i.test(value)),
        "SLACK_WEBHOOK_URL must be an http(s) URL",
      )
      .meta({
        description:
          "A Slack incoming-webhook URL: each new contact message that is not spam as a formatted Slack message, through the same outbox",
      }),
    ACK_EMAIL: z.enum(["on", "off"], { error: "ACK_EMAIL must be on or off" }).default("on").meta({
      description:
        "With `SMTP_URL` set, the sender of a contact message that is not spam gets one e-mail saying it arrived and when to expect a reply; it repeats nothing the sender typed; at most one per mailbox a day (`ada+news@` and `ada@` are one mailbox, as are Gmail addresses that differ only in dots) and 20 an hour for the whole site (ADR 41). `off`: none",
    }),
    SPAM_BLOCKLIST: addressList.meta({
      description:
        "Comma-separated addresses (`seo@spam.example`), domains (`@spam.example` or `spam.example`, also matched against the website and the text) and words or phrases that mark a contact message as spam",
    }),
    NODE_ENV: optionalString.meta({
      description:
        "`production`: the admin cookie is `Secure` and `__Host-`, and HSTS is sent, whatever `SITE_URL` says; logs stay JSON even in a terminal",
    }),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info")
      .meta({
        description:
          "The pino log level. Lines are JSON, or pino-pretty's readable lines when stdout is a terminal outside production",
      }),
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
    if (env.KEYSTATIC_MODE === "local" && !isLoopback(env.HOST)) {
      ctx.addIssue({
        code: "custom",
        path: ["KEYSTATIC_MODE"],
        message:
          "KEYSTATIC_MODE=local writes files: it runs only with HOST a loopback address (127.0.0.1, ::1, localhost)",
      });
    }
    if (env.KEYSTATIC_MODE === "github" && !env.KEYSTATIC_GITHUB_REPO) {
      ctx.addIssue({
        code: "custom",
        path: ["KEYSTATIC_GITHUB_REPO"],
        message: "KEYSTATIC_GITHUB_REPO is required when KEYSTATIC_MODE=github",
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

/** An address only this machine reaches: where the editor's local mode may listen. */
export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

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
