// What a no-JavaScript form post that failed validation leaves for the redirect back to the form: the values
// typed and the errors in the visitor's words (post/redirect/get without losing data). Kept in the database
// (server/db/repositories/form-flashes.ts), so the redirect may land on any instance (ADR 24).
import type { ContactErrors } from "../../contracts/contact-fields.ts";

export interface FormFlash {
  /** Every field as posted. */
  values: Record<string, string>;
  /** Each refused field's sentence. */
  errors: ContactErrors;
  /** An error of the whole post rather than of a field (an unknown field), if any. */
  formError?: string | undefined;
}

/** How long the redirect may take to come back for it. */
export const formFlashTtlMs = 15 * 60_000;
