// Build-time configuration: read once by vite.config.ts, validated, and baked into the pages.
import { z } from "zod";

const absoluteOrigin = (name: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^https?:\/\/[^/?#\s]+$/i.test(value.replace(/\/+$/, "")), {
      message: `${name} must be an absolute http(s) origin such as https://www.example.com`,
    })
    .transform((value) => value.replace(/\/+$/, ""));

export const buildEnvSchema = z.object({
  SITE_URL: absoluteOrigin("SITE_URL").default("https://www.boothpilot.example"),
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
  const emptyToUndefined = Object.fromEntries(
    Object.keys(buildEnvSchema.shape).map((key) => [
      key,
      source[key] === "" ? undefined : source[key],
    ]),
  );
  const result = buildEnvSchema.safeParse(emptyToUndefined);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid build configuration:\n${lines.join("\n")}`);
}
