// Build-time configuration: read once by vite.config.ts, validated, and baked into the pages.
import { z } from "zod";
import {
  absoluteOrigin,
  parseEnvFields,
  siteUrl,
  visitRetentionDays,
} from "../../contracts/env-fields.ts";
import { businessEnvFields, mailboxesOf } from "./business-env.ts";

export const buildEnvSchema = z.object({
  SITE_URL: siteUrl,
  APP_URL: absoluteOrigin("APP_URL")
    .default("https://app.boothpilot.example")
    .meta({ description: "The organizer app: Login, Sign Up Free, the sample event page" }),
  PUBLIC_BACKEND_KEY: z
    .string()
    .trim()
    .regex(/^[\w.-]*$/, "PUBLIC_BACKEND_KEY may hold only letters, digits, '.', '_' and '-'")
    .optional()
    .transform((value) => (value ? value : undefined))
    .meta({
      description:
        "Public key the browser sends as `apikey` to the server functions. Unset: none is sent",
    }),
  // The privacy and cookie pages state it; the server deletes by it (the same variable at run time).
  VISIT_RETENTION_DAYS: visitRetentionDays,
  ...businessEnvFields,
});

/** The parsed variables, plus the mailboxes resolved here so the pages receive plain strings. */
export type BuildEnv = z.infer<typeof buildEnvSchema> & {
  mailboxes: ReturnType<typeof mailboxesOf>;
};

/** Parses build-time variables; throws one readable message naming every bad variable. */
export function parseBuildEnv(source: Record<string, string | undefined>): BuildEnv {
  const result = parseEnvFields(buildEnvSchema, source, "Invalid build configuration");
  if ("error" in result) throw new Error(result.error);
  return { ...result.data, mailboxes: mailboxesOf(result.data) };
}
