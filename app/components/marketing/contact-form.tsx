// The contact form (docs/product.md, "Contact form"): prerendered HTML that posts to the server function without
// JavaScript; once hydrated on first use (ADR 9) it validates with the server's schema and posts by script.
import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import {
  type ContactErrors,
  type ContactFieldName,
  type ContactValues,
  contactErrorMarkup,
  contactFieldAutocomplete,
  contactFieldLimits,
  contactFieldNames,
  emptyContactValues,
  formTokenFieldName,
  honeypotFieldName,
} from "../../../contracts/contact-fields";
import { errorSummaryTitle } from "../../../contracts/contact-form-messages";
import { type ContactField, contactForm } from "../../content/contact";
import type { HeldValues } from "../../islands/registry";
import {
  ContactSubmitError,
  normaliseWebsiteField,
  submitContact,
  validateContact,
} from "../../lib/contact-form";
import { useHeldValues } from "../island";
import { inputClass } from "../ui/form-styles";
import { ModalDialog } from "../ui/modal-dialog";
import { Toaster, toast } from "../ui/toaster";

// Fixed ids rather than useId: the form hydrates as its own root, where useId would not reproduce the
// ids it was prerendered with inside the page.
const formId = "contact-form";
const headingId = `${formId}-title`;
const fieldId = contactErrorMarkup.fieldId;
const noteId = `${formId}-note`;
const failureId = `${formId}-failure`;
// A refused field is drawn by its aria-invalid, so the server's page without JavaScript gets the same look by
// setting that attribute alone.
const fieldClass = `${inputClass} border-slate-400 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700`;

/**
 * Focuses a field and brings it to the middle of the screen: on a phone the toasts at the bottom never cover it.
 */
function focusField(name: ContactFieldName): void {
  const field = document.getElementById(fieldId(name));
  if (!field) return;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: "center" });
}

interface FieldProps {
  field: ContactField;
  /** What the served HTML had in the field (kept after a no-JavaScript post); empty when prerendered. */
  defaultValue: string;
  error?: string;
  onChange: (name: ContactFieldName) => void;
}

// Uncontrolled fields: what a visitor types before the form is hydrated stays theirs, and the values
// are read from the form when it is submitted.
function Field({ field, defaultValue, error, onChange }: FieldProps) {
  const id = fieldId(field.name);
  const errorId = contactErrorMarkup.messageId(field.name);
  const shared = {
    id,
    name: field.name,
    required: field.required,
    maxLength: contactFieldLimits[field.name],
    autoComplete: contactFieldAutocomplete[field.name],
    // Nothing when empty, exactly as prerendered, so hydration finds the same markup.
    defaultValue: defaultValue || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: fieldClass,
    onChange: () => onChange(field.name),
    onBlur:
      field.name === "website"
        ? (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
            if (event.currentTarget instanceof HTMLInputElement)
              normaliseWebsiteField(event.currentTarget);
          }
        : undefined,
  };
  return (
    <div className={field.type === "textarea" ? "sm:col-span-2" : undefined}>
      <label htmlFor={id} className="block font-semibold text-ink">
        {field.label}{" "}
        <span className="text-sm font-normal text-muted">
          ({field.required ? contactForm.requiredMarker : contactForm.optionalMarker})
        </span>
      </label>
      {field.type === "textarea" ? (
        <textarea {...shared} rows={contactForm.messageRows} />
      ) : (
        <input {...shared} type={field.type} inputMode={field.inputMode} />
      )}
      {error ? (
        <p id={errorId} className={contactErrorMarkup.messageClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The GOV.UK error summary at the top of the form: every refused field's sentence, each a link to its field. The
 * server writes the same markup into the page answered without JavaScript (server/site/contact-page.ts).
 */
function ErrorSummary({ errors }: { errors: ContactErrors }) {
  const refused = contactFieldNames.filter((name) => errors[name]);
  if (refused.length === 0) return null;
  const follow = (name: ContactFieldName) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusField(name);
  };
  return (
    <div
      id={contactErrorMarkup.summaryId}
      role="alert"
      tabIndex={-1}
      className={contactErrorMarkup.summaryClass}
    >
      <h3 className={contactErrorMarkup.summaryTitleClass}>{errorSummaryTitle}</h3>
      <ul className={contactErrorMarkup.summaryListClass}>
        {refused.map((name) => (
          <li key={name}>
            <a
              href={`#${fieldId(name)}`}
              className={contactErrorMarkup.summaryLinkClass}
              onClick={follow(name)}
            >
              {errors[name]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function valuesOf(form: HTMLFormElement): ContactValues {
  const data = new FormData(form);
  const values = { ...emptyContactValues };
  for (const name of contactFieldNames) {
    const value = data.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

/** Empties every field; reset() would bring back the values the page was served with. */
function clearFields(form: HTMLFormElement): void {
  for (const name of contactFieldNames) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.value = "";
  }
}

interface ContactFormProps {
  /** The fields' served values (see Field); the prerender passes none. */
  defaults?: ContactValues;
  /** The errors the served page showed (after a no-JavaScript post); the prerender passes none. */
  defaultErrors?: ContactErrors;
  /** The visitor submitted before the form was hydrated: submit once it is. */
  submitOnMount?: boolean;
  /** The page's render token as served (ADR 34); the prerender passes none (the server fills it in). */
  formToken?: string;
  /** What the visitor changed in the fields before the form hydrated: their errors are gone. */
  held?: HeldValues;
}

export function ContactForm({
  defaults = emptyContactValues,
  defaultErrors = {},
  submitOnMount,
  formToken = "",
  held,
}: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ContactErrors>(defaultErrors);
  const [sending, setSending] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  // What the last failed send said, kept in the form: the toast goes after a while, the visitor stays here.
  // An object, so that the same sentence twice still moves focus back to it.
  const [failure, setFailure] = useState<{ text: string } | undefined>();
  const failureRef = useRef<HTMLParagraphElement>(null);
  // The fields themselves are uncontrolled and keep what was typed; a changed field's served error goes.
  useHeldValues(held, (values) =>
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([name]) => !Object.hasOwn(values, name))),
    ),
  );
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  useEffect(() => {
    if (submitOnMount) formRef.current?.requestSubmit();
  }, [submitOnMount]);

  const onChange = (name: ContactFieldName) => {
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const website = form.elements.namedItem("website");
    if (website instanceof HTMLInputElement) normaliseWebsiteField(website);
    const values = valuesOf(form);
    const found = validateContact(values);
    setErrors(found);
    setFailure(undefined);
    const firstInvalid = contactFieldNames.find((name) => found[name]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    setSending(true);
    const posted = new FormData(form);
    const hidden = (name: string) => {
      const value = posted.get(name);
      return typeof value === "string" ? value : "";
    };
    try {
      await submitContact(values, hidden(honeypotFieldName), hidden(formTokenFieldName));
      clearFields(form);
      toast({
        title: contactForm.success.toastTitle,
        description: contactForm.success.toastDescription,
        durationMs: contactForm.success.toastMs,
      });
      setConfirmed(true);
    } catch (error) {
      const refused = error instanceof ContactSubmitError ? error : undefined;
      const wait = refused?.retryAfterSeconds;
      const description =
        wait === undefined
          ? contactForm.failure.toastDescription
          : contactForm.failure.waitDescription(wait);
      if (refused?.field && refused.sentence) {
        setErrors({ [refused.field]: refused.sentence });
        focusField(refused.field);
      } else {
        // Focus goes to the sentence that says what happened, inside the form (not to the page's body).
        setFailure({ text: `${contactForm.failure.toastTitle}. ${description}` });
      }
      toast({ title: contactForm.failure.toastTitle, description, variant: "destructive" });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <form
        ref={formRef}
        id={formId}
        method="post"
        action={contactForm.action}
        aria-labelledby={headingId}
        aria-describedby={noteId}
        noValidate
        onSubmit={onSubmit}
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8"
      >
        <h2 id={headingId} className="text-2xl font-bold text-ink">
          {contactForm.title}
        </h2>
        <p id={noteId} className="mt-2 text-sm text-muted">
          {contactForm.requiredNote}
        </p>
        <ErrorSummary errors={errors} />
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          {contactForm.fields.map((field) => (
            <Field
              key={field.name}
              field={field}
              defaultValue={defaults[field.name]}
              error={errors[field.name]}
              onChange={onChange}
            />
          ))}
        </div>
        {/* The page's signed render time, filled by the server: sent back with the post (spam score). */}
        <input type="hidden" name={formTokenFieldName} defaultValue={formToken} />
        {/* Honeypot: people never see or reach it; bots that fill it are answered but not e-mailed. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            {contactForm.honeypotLabel}
            <input
              type="text"
              name={honeypotFieldName}
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </label>
        </div>
        {failure ? (
          <p
            id={failureId}
            ref={failureRef}
            tabIndex={-1}
            className="mt-6 rounded-lg border-2 border-red-700 p-4 font-semibold text-red-800"
          >
            {failure.text}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={sending}
          aria-disabled={sending}
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {sending ? contactForm.sending : contactForm.submit}
        </button>
      </form>
      <ModalDialog
        id={`${formId}-sent`}
        open={confirmed}
        title={contactForm.success.dialogTitle}
        closeLabel={contactForm.success.dialogButton}
        onClose={() => {
          setConfirmed(false);
          // The form is empty again: the visitor continues at its first field, not at the top of the page.
          focusField(contactFieldNames[0]);
        }}
      >
        <p>{contactForm.success.dialogBody}</p>
      </ModalDialog>
      <Toaster />
    </>
  );
}
