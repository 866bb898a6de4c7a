// The contact form (docs/product.md, "Contact form"): prerendered HTML that posts to the server function without
// JavaScript; once hydrated on first use (ADR 9) it validates with the server's schema and posts by script.
import { type FormEvent, useEffect, useRef, useState } from "react";
import {
  type ContactErrors,
  type ContactFieldName,
  type ContactValues,
  contactFieldNames,
  emptyContactValues,
  honeypotFieldName,
} from "../../../contracts/contact-fields";
import { type ContactField, contactForm } from "../../content/contact";
import { ContactSubmitError, submitContact, validateContact } from "../../lib/contact-form";
import { inputClass } from "../ui/form-styles";
import { ModalDialog } from "../ui/modal-dialog";
import { Toaster, toast } from "../ui/toaster";

// Fixed ids rather than useId: the form hydrates as its own root, where useId would not reproduce the
// ids it was prerendered with inside the page.
const formId = "contact-form";
const headingId = `${formId}-title`;
const fieldId = (name: ContactFieldName) => `${formId}-${name}`;

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
  const errorId = `${id}-error`;
  const shared = {
    id,
    name: field.name,
    required: field.required,
    // Nothing when empty, exactly as prerendered, so hydration finds the same markup.
    defaultValue: defaultValue || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: `${inputClass} ${error ? "border-red-700" : "border-slate-400"}`,
    onChange: () => onChange(field.name),
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
        <input
          {...shared}
          type={field.type}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
        />
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
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
  /** The visitor submitted before the form was hydrated: submit once it is. */
  submitOnMount?: boolean;
}

export function ContactForm({ defaults = emptyContactValues, submitOnMount }: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    if (submitOnMount) formRef.current?.requestSubmit();
  }, [submitOnMount]);

  const focusField = (name: ContactFieldName) => document.getElementById(fieldId(name))?.focus();

  const onChange = (name: ContactFieldName) => {
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    const values = valuesOf(form);
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = contactFieldNames.find((name) => found[name]);
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    setSending(true);
    const honeypot = new FormData(form).get(honeypotFieldName);
    try {
      await submitContact(values, typeof honeypot === "string" ? honeypot : "");
      clearFields(form);
      toast({
        title: contactForm.success.toastTitle,
        description: contactForm.success.toastDescription,
        durationMs: contactForm.success.toastMs,
      });
      setConfirmed(true);
    } catch (error) {
      const field = error instanceof ContactSubmitError ? error.field : undefined;
      if (field && error instanceof Error) {
        setErrors({ [field]: error.message });
        focusField(field);
      }
      toast({
        title: contactForm.failure.toastTitle,
        description: contactForm.failure.toastDescription,
        variant: "destructive",
      });
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
        noValidate
        onSubmit={onSubmit}
        className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8"
      >
        <h2 id={headingId} className="text-2xl font-bold text-ink">
          {contactForm.title}
        </h2>
        <p className="mt-2 text-sm text-muted">{contactForm.requiredNote}</p>
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
        onClose={() => setConfirmed(false)}
      >
        <p>{contactForm.success.dialogBody}</p>
      </ModalDialog>
      <Toaster />
    </>
  );
}
