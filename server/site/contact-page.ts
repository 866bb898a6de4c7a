// The contact page as answered after a no-JavaScript post: the prerendered HTML with the outcome shown in
// its status area and, after an error, the entered values back in their fields. All text is escaped.
import { business } from "../../app/config/business.ts";
import { contactFormTexts } from "../../contracts/contact-form-texts.ts";
import type { FormFlash } from "./form-flash.ts";

/** The empty status area the contact page prerenders (inside a static region, so hydration keeps it). */
export const formStatusMarker = '<div data-form-status="" role="status"></div>';

export const contactPageTexts = {
  sent: `${contactFormTexts.dialogTitle} ${contactFormTexts.successDescription(business.replyWithinHours)}`,
  failed: `${contactFormTexts.failureTitle}. ${contactFormTexts.failureDescription}`,
} as const;

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function withStatus(html: string, kind: "success" | "error", text: string): string {
  const status =
    `<div data-form-status="${kind}" role="${kind === "error" ? "alert" : "status"}" ` +
    `class="mx-auto mb-8 max-w-6xl px-4"><p class="rounded-lg border p-4 font-semibold ${
      kind === "error" ? "border-red-700 text-red-800" : "border-brand-700 text-brand-900"
    }">${escapeHtml(text)}</p></div>`;
  return html.replace(formStatusMarker, status);
}

/** Fills each named input and textarea of the form with its kept value; marks the named field invalid. */
function withValues(html: string, flash: FormFlash): string {
  let out = html.replace(/<input\b[^>]*\bname="([\w-]+)"[^>]*>/g, (tag, name: string) => {
    const value = flash.values[name];
    // Fields are prerendered with no value or value="" (the honeypot): the kept value replaces it.
    const bare = tag.replace(/\svalue="[^"]*"/, "");
    let filled = value ? bare.replace(/\s*\/?>$/, ` value="${escapeHtml(value)}">`) : tag;
    if (name === flash.field) filled = filled.replace(/^<input\b/, '<input aria-invalid="true"');
    return filled;
  });
  out = out.replace(
    /(<textarea\b[^>]*\bname="([\w-]+)"[^>]*>)([\s\S]*?)(<\/textarea>)/g,
    (_all, open: string, name: string, _content: string, close: string) => {
      const marked =
        name === flash.field ? open.replace(/^<textarea\b/, '<textarea aria-invalid="true"') : open;
      return `${marked}${escapeHtml(flash.values[name] ?? "")}${close}`;
    },
  );
  return out;
}

export function contactPageAfterPost(
  html: string,
  outcome: { sent: true } | { failed: true } | { flash: FormFlash },
): string {
  if ("sent" in outcome) return withStatus(html, "success", contactPageTexts.sent);
  if ("failed" in outcome) return withStatus(html, "error", contactPageTexts.failed);
  return withStatus(withValues(html, outcome.flash), "error", outcome.flash.error);
}
