// Copy of the /pricing fee calculator: labels, the assumptions beside the result, the worked example's prices.
import { business, processingFeeLabel } from "../config/business";
import { siteConfig } from "../config/site";
import { processingFeeBase } from "./common";

export const feeCalculatorCopy = {
  title: "What a booth brings in",
  /** The name of the calculator's group of inputs. */
  calculatorLabel: "Fee calculator",
  intro: "Enter a booth price and how many vendors book it: every fee, and who pays it.",
  priceLabel: "Booth price (USD)",
  vendorsLabel: "Number of vendors",
  defaults: { price: "100.00", vendors: "20" },
  resultTitle: "For each vendor",
  rows: {
    vendorPays: "Vendor pays",
    processingFee: "Processing fee on the vendor's payment (paid by you)",
    organizerReceives: "You receive per vendor",
    organizerTotal: "You receive in total",
    organizerPaysPlatform: `You pay ${siteConfig.name}`,
  },
  assumptions: [
    `The vendors' platform fee is ${business.vendorPlatformFeePercent}% of the booth price, added to what the vendor pays.`,
    `Processing is ${processingFeeLabel} per transaction, paid by the ${business.processingFee.paidBy}, ${processingFeeBase.short}. ${processingFeeBase.example}`,
    "Each fee is rounded to the nearest cent, half a cent up.",
  ],
  exampleTitle: "Worked examples",
  exampleCaption: "What one vendor pays and what you receive, for a few booth prices",
  /** Booth prices of the worked example, in cents. */
  examplePrices: [2_500, 8_500, 10_000, 25_000],
} as const;
