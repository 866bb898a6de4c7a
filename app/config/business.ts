// Business constants (docs/product.md, "Business constants"): written once here, imported wherever they are shown.
import { backendClient } from "../../contracts/backend-client.ts";
import { replyWithinHours } from "../../contracts/reply-promise.ts";

export const business = {
  organizerPriceUsd: 0,
  processingFee: { percent: 2.9, fixedCents: 30, paidBy: "organizer" },
  vendorPlatformFeePercent: 5,
  /** Payouts are next-day as standard; instant payouts apply where the organizer's payout account supports them. */
  payouts: { standard: "next-day", instant: "instant" },
  /** How vendors pay organizers for booths (pricing, features, event pages). */
  paymentMethods: ["Cards", "Apple Pay", "Google Pay", "Link", "Cash App", "Afterpay"],
  replyWithinHours,
  setupMinutes: 5,
  contactMessageRows: 5,
  successToastMs: 6000,
  referrerFlagKey: "referrer_tracked",
  /** Session-storage key of the visitor's random session id (sent with the referrer and the contact form). */
  sessionIdKey: "referrer_session_id",
  /** Session-storage key of the utm_* values of the session's first page, handed on to the organizer app. */
  firstTouchKey: "first_touch_utm",
  /**
   * The admin console's session cookie, as server/admin/auth.ts names it (a test holds them equal);
   * over HTTPS it may carry the `__Host-` prefix.
   */
  adminSessionCookie: "bp_admin_session",
  backendClient,
  policy: {
    minimumAge: 13,
    materialChangeNoticeDays: 30,
    currency: "USD",
    /** How a paid subscription to BoothPilot itself is paid (terms of service): not the vendors' methods. */
    subscriptionPaymentForms: ["Visa", "Mastercard", "American Express", "Discover", "PayPal"],
    billingPeriods: ["monthly", "annual"],
    effectiveDate: "July 1st, 2025",
    governingLaw: "Florida",
  },
} as const;

/** "2.9% + 30¢" as shown on the site. */
export const processingFeeLabel = `${business.processingFee.percent}% + ${business.processingFee.fixedCents}¢`;

/** The one sentence on payout speed: next-day as standard, instant where it applies. */
export const payoutsSentence = `Payouts are ${business.payouts.standard} as standard, and ${business.payouts.instant} where your payout account supports it.`;
