// The contact form (SPEC sections 3-5, 8): validated with the server's schema, posted by script, and a
// plain form post to the same function without JavaScript.
import { type FormEvent, useId, useRef, useState } from "react";
import { type ContactField, contactForm } from "../../content/contact";
import {
  type ContactErrors,
  type ContactFieldName,
  type ContactValues,
  contactFieldNames,
  emptyContactValues,
  honeypotFieldName,
} from "../../lib/contact-fields";
import { ModalDialog } from "../ui/modal-dialog";
import { Toaster, toast } from "../ui/toaster";

const inputClass =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-700";

interface FieldProps {
  field: ContactField;
  id: string;
  value: string;
  error?: string;
  onChange: (name: ContactFieldName, value: string) => void;
}

function Field({ field, id, value, error, onChange }: FieldProps) {
  const errorId = `${id}-error`;
  const shared = {
    id,
    name: field.name,
    required: field.required,
    value,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className: `${inputClass} ${error ? "border-red-700" : "border-slate-400"}`,
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
        <textarea
          {...shared}
          rows={contactForm.messageRows}
          onChange={(e) => onChange(field.name, e.target.value)}
        />
      ) : (
        <input
          {...shared}
          type={field.type}
          autoComplete={field.autoComplete}
          inputMode={field.inputMode}
          onChange={(e) => onChange(field.name, e.target.value)}
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

export function ContactForm() {
  const baseId = useId();
  const headingId = `${baseId}-title`;
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<ContactValues>(emptyContactValues);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const fieldId = (name: ContactFieldName) => `${baseId}-${name}`;
  // The schema and submit logic load on the first interaction, not with the page.
  const logic = useRef<Promise<typeof import("../../lib/contact-form")> | null>(null);
  const loadLogic = () => {
    logic.current ??= import("../../lib/contact-form");
    return logic.current;
  };

  const focusField = (name: ContactFieldName) => document.getElementById(fieldId(name))?.focus();

  const onChange = (name: ContactFieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const form = event.currentTarget;
    setSending(true);
    let loaded: Awaited<ReturnType<typeof loadLogic>>;
    try {
      loaded = await loadLogic();
    } catch {
      // The logic could not load (offline, new deploy): let the browser post the form itself.
      logic.current = null;
      form.submit();
      return;
    }
    const { ContactSubmitError, submitContact, validateContact } = loaded;
    const found = validateContact(values);
    setErrors(found);
    const firstInvalid = contactFieldNames.find((name) => found[name]);
    if (firstInvalid) {
      setSending(false);
      focusField(firstInvalid);
      return;
    }
    const honeypot = new FormData(form).get(honeypotFieldName);
    try {
      await submitContact(values, typeof honeypot === "string" ? honeypot : "");
      setValues(emptyContactValues);
      formRef.current?.reset();
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
        id="contact-form"
        method="post"
        action={contactForm.action}
        aria-labelledby={headingId}
        noValidate
        onSubmit={onSubmit}
        onFocus={() => void loadLogic()}
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
              id={fieldId(field.name)}
              value={values[field.name]}
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
