// Browser only: hydrates the prerendered contact form as its own React root, loaded on first use (ADR 9).
import { hydrateRoot, type Root } from "react-dom/client";
import {
  type ContactErrors,
  type ContactValues,
  contactErrorMarkup,
  contactFieldNames,
  emptyContactValues,
  formTokenFieldName,
} from "../../../contracts/contact-fields";
import type { HeldValues } from "../../islands/registry";
import { ContactForm } from "./contact-form";

/**
 * What the served HTML put in each field: nothing when prerendered, the kept values after a
 * no-JavaScript post that failed validation. The form renders them as its defaults so that hydration
 * finds the markup it would render and leaves them in place.
 */
function servedValues(container: Element): ContactValues {
  const values = { ...emptyContactValues };
  for (const name of contactFieldNames) {
    const field = container.querySelector(`[name="${name}"]`);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
      values[name] = field.defaultValue;
  }
  return values;
}

/** The errors the served HTML showed at the fields (after a no-JavaScript post), rendered again as they were. */
function servedErrors(container: Element): ContactErrors {
  const errors: ContactErrors = {};
  for (const name of contactFieldNames) {
    const message = container.querySelector(`[id="${contactErrorMarkup.messageId(name)}"]`);
    if (message?.textContent) errors[name] = message.textContent;
  }
  return errors;
}

/** The page's render token as the server filled it in (ADR 34): rendered again, so hydration keeps it. */
function servedToken(container: Element): string {
  const field = container.querySelector(`[name="${formTokenFieldName}"]`);
  return field instanceof HTMLInputElement ? field.defaultValue : "";
}

export function hydrateContactForm(
  container: Element,
  options: { submit: boolean; held: HeldValues },
): Root {
  return hydrateRoot(
    container,
    <ContactForm
      defaults={servedValues(container)}
      formToken={servedToken(container)}
      defaultErrors={servedErrors(container)}
      submitOnMount={options.submit}
      held={options.held}
    />,
  );
}
