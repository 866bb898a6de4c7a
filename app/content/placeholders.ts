// The placeholders content files write instead of SPEC's constants: each value stays written once, in config.

import { brandName } from "../../contracts/brand.ts";
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
  exampleBooth: formatUsd(example.boothCents),
  examplePlatformFee: formatUsd(example.platformFeeCents),
  exampleVendorPays: formatUsd(example.vendorPaysCents),
  exampleProcessingFee: formatUsd(example.processingFeeCents),
  exampleOrganizerReceives: formatUsd(example.organizerReceivesCents),
};

const placeholderPattern = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The text with its placeholders filled; throws naming the unknown placeholder. */
export function fillPlaceholders(text: string): string {
  return text.replace(placeholderPattern, (_, name: string) => {
    const value = placeholders[name];
    if (value === undefined) {
      throw new Error(
        `unknown placeholder {{${name}}} (known: ${Object.keys(placeholders).join(", ")})`,
      );
    }
    return value;
  });
}
