// The placeholders content files write instead of SPEC's constants: each value stays written once, in config.

import { z } from "zod";
import { brandName } from "../../contracts/brand.ts";
import { parseEnvFields, visitRetentionDays } from "../../contracts/env-fields.ts";
import { business, processingFeeLabel } from "../config/business.ts";
import { feesFor, formatUsd } from "../lib/fees.ts";

/** "a, b and c": the list style the site uses in running text. */
export function listOf(items: readonly string[], conjunction = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items.at(-1)}`;
}

/** The one worked example the fee copy gives (the fee calculator's default): a $100 booth. */
const example = feesFor(10_000, 1);

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The privacy and cookie pages state how long visits are kept: the build's VISIT_RETENTION_DAYS, read as
 * vite.config.ts reads it (the content is read in the build's process, with its environment).
 */
function visitsKept(): string {
  const result = parseEnvFields(
    z.object({ VISIT_RETENTION_DAYS: visitRetentionDays }),
    process.env,
    "Invalid build configuration",
  );
  if ("error" in result) throw new Error(result.error);
  const days = result.data.VISIT_RETENTION_DAYS;
  return days > 0
    ? `visit records are deleted after ${days} days`
    : "visit records are kept until we delete them";
}

const { policy } = business;

/**
 * What `{{name}}` in a content file's text stands for (docs/content.md lists them). A name not here stops the
 * build, naming the file and the field.
 */
export const placeholders: Readonly<Record<string, string>> = {
  brand: brandName,
  organizerPrice: `$${business.organizerPriceUsd}`,
  processingFee: processingFeeLabel,
  processingFeePaidBy: business.processingFee.paidBy,
  vendorFee: `${business.vendorPlatformFeePercent}%`,
  payouts: business.payouts.standard,
  // A heading or a sentence starts with it: "Next-day payouts".
  Payouts: capitalized(business.payouts.standard),
  instantPayouts: business.payouts.instant,
  paymentMethods: listOf(
    business.paymentMethods.map((method) => (method === "Cards" ? "cards" : method)),
  ),
  setupMinutes: String(business.setupMinutes),
  replyWithinHours: String(business.replyWithinHours),
  visitsKept: visitsKept(),
  VisitsKept: capitalized(visitsKept()),
  minimumAge: String(policy.minimumAge),
  changeNoticeDays: String(policy.materialChangeNoticeDays),
  effectiveDate: policy.effectiveDate,
  governingLaw: policy.governingLaw,
  currency: policy.currency,
  organizerPaymentForms: listOf(policy.subscriptionPaymentForms, "or"),
  billingPeriods: listOf(
    policy.billingPeriods.map((period) => (period === "annual" ? "annually" : period)),
    "or",
  ),
  sessionIdKey: business.sessionIdKey,
  referrerFlagKey: business.referrerFlagKey,
  firstTouchKey: business.firstTouchKey,
  adminCookie: business.adminSessionCookie,
  exampleBooth: formatUsd(example.boothCents),
  examplePlatformFee: formatUsd(example.platformFeeCents),
  exampleVendorPays: formatUsd(example.vendorPaysCents),
  exampleProcessingFee: formatUsd(example.processingFeeCents),
  exampleOrganizerReceives: formatUsd(example.organizerReceivesCents),
};

const placeholderPattern = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/**
 * The text with its placeholders filled; throws naming the unknown placeholder. `counted` adds the ones the
 * content itself determines (how many event-type pages there are).
 */
export function fillPlaceholders(
  text: string,
  counted: Readonly<Record<string, string>> = {},
): string {
  return text.replace(placeholderPattern, (_, name: string) => {
    const value = placeholders[name] ?? counted[name];
    if (value === undefined) {
      const known = [...Object.keys(placeholders), ...Object.keys(counted)];
      throw new Error(`unknown placeholder {{${name}}} (known: ${known.join(", ")})`);
    }
    return value;
  });
}
