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
} as const;
