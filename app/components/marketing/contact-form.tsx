// The contact form (SPEC sections 3 and 5): labelled fields that post to the submit-contact-form function.
// Rendered here, wired by a later issue; without JavaScript the browser posts it as an ordinary form.
import { useId } from "react";
import { type ContactField, contactForm } from "../../content/contact";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-ink shadow-sm focus:border-brand-700";

function Field({ field, id }: { field: ContactField; id: string }) {
  const label = (
    <label htmlFor={id} className="block font-semibold text-ink">
      {field.label}{" "}
      <span className="text-sm font-normal text-muted">
        ({field.required ? contactForm.requiredMarker : contactForm.optionalMarker})
      </span>
    </label>
  );
  if (field.type === "textarea") {
    return (
      <div className="sm:col-span-2">
        {label}
        <textarea
          id={id}
          name={field.name}
          rows={contactForm.messageRows}
          required={field.required}
          className={inputClass}
        />
      </div>
    );
  }
  return (
    <div>
      {label}
      <input
        id={id}
        name={field.name}
        type={field.type}
        required={field.required}
        autoComplete={field.autoComplete}
        inputMode={field.inputMode}
        className={inputClass}
      />
    </div>
  );
}

export function ContactForm() {
  const baseId = useId();
  const headingId = `${baseId}-title`;
  return (
    <form
      method="post"
      action={contactForm.action}
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:p-8"
    >
      <h2 id={headingId} className="text-2xl font-bold text-ink">
        {contactForm.title}
      </h2>
      <p className="mt-2 text-sm text-muted">{contactForm.requiredNote}</p>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        {contactForm.fields.map((field) => (
          <Field key={field.name} field={field} id={`${baseId}-${field.name}`} />
        ))}
      </div>
      <button
        type="submit"
        className="mt-6 inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {contactForm.submit}
      </button>
    </form>
  );
}
