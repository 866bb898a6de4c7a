// What the visitor is told about a contact submission (docs/product.md, "Error catalogue"): in the browser and in the no-JS answer.
// Kept apart from the schema so a page can show these texts without loading zod.

export const contactFormTexts = {
  sending: "Sending...",
  successTitle: "Message sent successfully!",
  successDescription: (replyWithinHours: number) =>
    `Thank you for contacting us! We'll get back to you within ${replyWithinHours} hours`,
  dialogTitle: "Message Sent Successfully!",
  dialogButton: "Continue",
  failureTitle: "Error sending message",
  failureDescription: "Please try again or contact us directly.",
  /** The page answered to a form post over the rate limit (without JavaScript), from its Retry-After. */
  tooManyRequests: (retryAfterSeconds: number) =>
    `You have sent several messages in a short time. Your message is not sent yet: try again in ${waitText(retryAfterSeconds)}.`,
} as const;

/** "45 seconds" or "12 minutes": how long to wait, rounded up to whole minutes from two minutes on. */
function waitText(seconds: number): string {
  if (seconds < 120) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
