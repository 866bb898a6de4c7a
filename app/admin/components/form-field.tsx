// A labelled input for the console's team and account forms, with the reason a value was refused beneath it
// (tied to the field by aria-describedby, so a screen reader reads it with the field).
import type { InputHTMLAttributes } from "react";
import { minPasswordLength } from "../../../contracts/team";

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 py-2 text-base text-ink focus:border-brand-700";

export function FormField({
  id,
  label,
  problem,
  ...input
}: { id: string; label: string; problem?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        {...input}
      />
      {problem ? (
        <p id={`${id}-problem`} className="mt-1 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A new password: the length the server asks for in its label, and the server's reason when it refuses one. */
export function NewPasswordField({
  id,
  name,
  problem,
}: {
  id: string;
  name: string;
  problem: string | null;
}) {
  return (
    <FormField
      id={id}
      label={`New password (at least ${minPasswordLength} characters)`}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      problem={problem}
    />
  );
}
