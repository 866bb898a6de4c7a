// Run-time configuration: every environment variable the server reads, validated once at start.
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const addressList = optionalString.transform((value) =>
  value
    ? value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)
    : [],
);

/** An absolute http(s) origin; a trailing slash is dropped. */
const absoluteOrigin = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[^/?#\s]+$/i.test(value.replace(/\/+$/, "")), {
      message: `${name} must be an absolute http(s) origin such as https://www.example.com`,
    })
    .transform((value) => value.replace(/\/+$/, ""));

export const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalString.refine(
      (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
      "DATABASE_URL must start with postgres:// or postgresql://",
    ),
    SMTP_URL: optionalString.refine(
      (value) => value === undefined || /^smtps?:\/\//.test(value),
      "SMTP_URL must start with smtp:// or smtps://",
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
    SITE_URL: absoluteOrigin("SITE_URL").default("https://www.boothpilot.example"),
    ADMIN_EMAIL: optionalString.refine(
      (value) => value === undefined || z.email().safeParse(value).success,
      "ADMIN_EMAIL must be an e-mail address",
    ),
    ADMIN_PASSWORD: optionalString.refine(
      (value) => value === undefined || value.length >= 12,
      "ADMIN_PASSWORD must be at least 12 characters",
    ),
    RATE_LIMIT: z.enum(["on", "off"]).default("on"),
    /** "off": serve only the server functions (an API-only instance, or tests without a site build). */
    SERVE_SITE: z.enum(["on", "off"]).default("on"),
    /** Proxies in front of the server: "true", a hop count, or a comma-separated list of addresses/CIDRs. */
    TRUST_PROXY: optionalString,
    /** Extra origins allowed to call the server functions from a browser (comma-separated). */
    CORS_ORIGINS: addressList.refine(
      (list) => list.every((origin) => /^https?:\/\/[^/]+$/.test(origin)),
      "CORS_ORIGINS must be a comma-separated list of origins such as https://www.example.com",
    ),
    /** Days raw visits are kept (the daily rollups are kept forever); 0 keeps them forever. */
    VISIT_RETENTION_DAYS: z.coerce.number().int().min(0).default(400),
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
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, source[key] === "" ? undefined : source[key]]),
  );
  const result = envSchema.safeParse(relevant);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
}

/** Fastify's trustProxy option from TRUST_PROXY: "true", a hop count, or addresses/CIDRs. */
export function trustProxyOption(
  value: string | undefined,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(",").map((part) => part.trim());
}
