// Business constants of SPEC section 9: written once here, imported wherever they are shown.
import { replyWithinHours } from "../../contracts/reply-promise.ts";

export const business = {
  organizerPriceUsd: 0,
  processingFee: { percent: 2.9, fixedCents: 30, paidBy: "organizer" },
  vendorPlatformFeePercent: 5,
  payouts: { pricingPage: "next-day", elsewhere: "instant" },
  paymentMethods: ["Cards", "Apple Pay", "Google Pay", "Link", "Cash App", "Afterpay"],
  replyWithinHours,
  setupMinutes: 5,
  contactMessageRows: 5,
  successToastMs: 6000,
  referrerFlagKey: "referrer_tracked",
  backendClient: {
    persistSession: true,
    autoRefreshToken: true,
    refreshTickMs: 30_000,
    refreshThresholdTicks: 3,
    realtimeHeartbeatMs: 25_000,
    reconnectBackoffMs: [1000, 2000, 5000, 10000],
  },
  policy: {
    minimumAge: 13,
    materialChangeNoticeDays: 30,
    currency: "USD",
    acceptedCards: ["Visa", "Mastercard", "American Express", "Discover", "PayPal"],
    billingPeriods: ["monthly", "annual"],
    effectiveDate: "July 1st, 2025",
    governingLaw: "Florida",
  },
} as const;

/** "2.9% + 30¢" as shown on the site. */
export const processingFeeLabel = `${business.processingFee.percent}% + ${business.processingFee.fixedCents}¢`;
