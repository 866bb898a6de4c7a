// What the admin API accepts: the sign-in body and the query and path parameters, with error texts that name the
// parameter and the rule. The server validates with these; the console only needs their types.
import { z } from "zod";
import {
  analyticsDays,
  analyticsGroups,
  analyticsPanels,
  analyticsRanges,
  inboxStates,
  legacySources,
  mailStates,
  messageActions,
  messageStatuses,
  referrerSources,
} from "./admin-api.ts";
import { fieldErrors, hasControlCharacter, isUuid } from "./fields.ts";

/**
 * Text sent to the console's routes holds no control characters (NUL, line breaks...), like the public functions'
 * single-line fields: PostgreSQL refuses NUL in text, and none belongs in an address, a code, a search or a filter.
 */
export const withoutControl = (value: string): boolean => !hasControlCharacter(value);

/** Longest password accepted at sign-in (scrypt would take any length; nothing longer is plausible). */
export const maxPasswordLength = 1024;

export const signInSchema = z.strictObject(
  {
    email: z
      .string({ error: "email is required" })
      .trim()
      .min(1, "email is required")
      .max(320, "email must be at most 320 characters")
      .refine(withoutControl, fieldErrors.singleLine("email")),
    password: z
      .string({ error: "password is required" })
      .min(1, "password is required")
      .max(maxPasswordLength, `password must be at most ${maxPasswordLength} characters`),
    /** A TOTP code or a recovery code, for an account with two-step sign-in. */
    code: z
      .string({ error: "code must be text" })
      .trim()
      .max(32, "code must be at most 32 characters")
      .refine(withoutControl, fieldErrors.singleLine("code"))
      .optional(),
  },
  { error: "Request body must be a JSON object with email and password" },
);

const cursorPattern = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\|[0-9a-f-]{36}$/i;

/** A page's position: the time and id of the last message shown (base64url, opaque to clients). */
export function encodeInboxCursor(receivedAt: string, id: string): string {
  return btoa(`${receivedAt}|${id}`).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function decodeInboxCursor(cursor: string): { receivedAt: string; id: string } | null {
  let text: string;
  try {
    text = atob(cursor.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return null;
  }
  if (!cursorPattern.test(text)) return null;
  const [receivedAt = "", id = ""] = text.split("|");
  return isUuid(id) && !Number.isNaN(Date.parse(receivedAt)) ? { receivedAt, id } : null;
}

const unknownParameter = (issue: { code?: string; keys?: string[] }) =>
  issue.code === "unrecognized_keys" && issue.keys
    ? `Unknown query parameter: ${issue.keys.map((key) => key.slice(0, 64)).join(", ")}`
    : "Bad query string";

export const inboxQuerySchema = z.strictObject(
  {
    status: z
      .enum(messageStatuses, { error: `status must be one of: ${messageStatuses.join(", ")}` })
      .optional(),
    mail: z.enum(mailStates, { error: `mail must be one of: ${mailStates.join(", ")}` }).optional(),
    state: z
      .enum(inboxStates, { error: `state must be one of: ${inboxStates.join(", ")}` })
      .optional(),
    /** Words to find in the name, e-mail, business or message, whatever the case and accents. */
    q: z
      .string({ error: "q must be given once" })
      .trim()
      .max(200, "q must be at most 200 characters")
      .refine(withoutControl, fieldErrors.singleLine("q"))
      .transform((value) => value || undefined)
      .optional(),
    /** The source class of the sender's tracked visit. */
    source: z
      .enum(referrerSources, { error: `source must be one of: ${referrerSources.join(", ")}` })
      .optional(),
    /** The landing page of the sender's tracked visit. */
    landing: z
      .string({ error: "landing must be given once" })
      .regex(/^\/[^\s]{0,199}$/, "landing must be a path starting with /, at most 200 characters")
      .refine(withoutControl, fieldErrors.singleLine("landing"))
      .optional(),
    cursor: z
      .string({ error: "cursor must be given once" })
      .transform((value, context) => {
        const decoded = decodeInboxCursor(value);
        if (!decoded) {
          context.addIssue({ code: "custom", message: "cursor is not one this API gave out" });
          return z.NEVER;
        }
        return decoded;
      })
      .optional(),
    limit: z
      .string({ error: "limit must be given once" })
      .regex(/^\d{1,3}$/, "limit must be a whole number from 1 to 100")
      .transform(Number)
      .refine((value) => value >= 1 && value <= 100, "limit must be a whole number from 1 to 100")
      .optional(),
  },
  { error: unknownParameter },
);

export type InboxQuery = z.infer<typeof inboxQuerySchema>;

export const messageIdSchema = z.strictObject({
  id: z.string().refine(isUuid, "id must be a UUID"),
});

export const messageActionSchema = z.strictObject({
  id: z.string().refine(isUuid, "id must be a UUID"),
  action: z.enum(messageActions, {
    error: `The action must be one of: ${messageActions.join(", ")}`,
  }),
});

const dayPattern = /^\d{4}-\d\d-\d\d$/;
const isDay = (value: string) =>
  dayPattern.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/** One value, or several (the query string repeats the name); each at most 300 characters. */
const filterValues = (name: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .refine((values) => values.length <= 20, `${name} may be given at most 20 times`)
    .refine(
      (values) => values.every((value) => value.length <= 300),
      `${name} must be at most 300 characters`,
    )
    .refine((values) => values.every(withoutControl), fieldErrors.singleLine(name))
    .optional()
    .default([]);

/** The longest custom range: the rollups are kept forever, but a report of years is not a console's view. */
export const maxCustomRangeDays = 731;

export const analyticsBreakdownQuerySchema = z
  .strictObject(
    {
      range: z
        .enum(analyticsRanges, { error: `range must be one of: ${analyticsRanges.join(", ")}` })
        .default("30d"),
      from: z
        .string({ error: "from must be given once" })
        .refine(isDay, "from must be a day such as 2026-11-01")
        .optional(),
      to: z
        .string({ error: "to must be given once" })
        .refine(isDay, "to must be a day such as 2026-11-30")
        .optional(),
      source: filterValues("source").refine(
        (values) =>
          values.every(
            (value) =>
              (referrerSources as readonly string[]).includes(value) ||
              (legacySources as readonly string[]).includes(value) ||
              value === "untracked",
          ),
        `source must be one of: ${[...referrerSources, ...legacySources].join(", ")}, untracked`,
      ),
      host: filterValues("host"),
      landing: filterValues("landing"),
      campaign: filterValues("campaign"),
      /** The series per day, or summed per week or month (a long range). */
      group: z
        .enum(analyticsGroups, { error: `group must be one of: ${analyticsGroups.join(", ")}` })
        .default("day"),
      panel: z
        .enum([...analyticsPanels, "series"] as const, {
          error: `panel must be one of: ${analyticsPanels.join(", ")}, series`,
        })
        .optional(),
    },
    { error: unknownParameter },
  )
  .superRefine((query, context) => {
    if (query.range === "today" && query.group !== "day") {
      context.addIssue({ code: "custom", message: "group goes with ranges of days, not today" });
    }
    if (query.range !== "custom") {
      if (query.from || query.to) {
        context.addIssue({ code: "custom", message: "from and to go with range=custom only" });
      }
      return;
    }
    if (!query.from || !query.to) {
      context.addIssue({ code: "custom", message: "range=custom needs from and to" });
      return;
    }
    if (query.from > query.to) {
      context.addIssue({ code: "custom", message: "from must not be after to" });
    }
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days > maxCustomRangeDays) {
      context.addIssue({
        code: "custom",
        message: `A custom range is at most ${maxCustomRangeDays} days`,
      });
    }
    if (query.to > new Date().toISOString().slice(0, 10)) {
      context.addIssue({ code: "custom", message: "to must not be after today (UTC)" });
    }
  });

export type AnalyticsBreakdownQuery = z.infer<typeof analyticsBreakdownQuerySchema>;

export const analyticsQuerySchema = z.strictObject(
  {
    days: z
      .enum(analyticsDays.map(String) as ["7", "30", "90"], {
        error: `days must be one of: ${analyticsDays.join(", ")}`,
      })
      .transform((value) => Number(value) as (typeof analyticsDays)[number])
      .default(30),
    /** Only visits (and messages) of this source class. */
    source: z
      .enum(referrerSources, { error: `source must be one of: ${referrerSources.join(", ")}` })
      .optional(),
  },
  { error: unknownParameter },
);
