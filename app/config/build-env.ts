// Build-time configuration: read once by vite.config.ts, validated, and baked into the pages.
import { z } from "zod";
import { absoluteOrigin, parseEnvFields, siteUrl } from "../../contracts/env-fields.ts";

export const buildEnvSchema = z.object({
  SITE_URL: siteUrl,
  APP_URL: absoluteOrigin("APP_URL").default("https://app.boothpilot.example"),
  PUBLIC_BACKEND_KEY: z
    .string()
    .trim()
    .regex(/^[\w.-]*$/, "PUBLIC_BACKEND_KEY may hold only letters, digits, '.', '_' and '-'")
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export type BuildEnv = z.infer<typeof buildEnvSchema>;

/** Parses build-time variables; throws one readable message naming every bad variable. */
export function parseBuildEnv(source: Record<string, string | undefined>): BuildEnv {
  const result = parseEnvFields(buildEnvSchema, source, "Invalid build configuration");
  if ("error" in result) throw new Error(result.error);
  return result.data;
}
