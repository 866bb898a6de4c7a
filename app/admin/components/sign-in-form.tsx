// The sign-in form: labelled fields, the error announced in an alert, focus back on the password after a failure.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { type AdminSessionState, adminApiPaths, adminErrors } from "../../../contracts/admin-api";
import { adminApi } from "../api";
import { TwoStepCodeField } from "./two-step-code-field";
import { Alert, buttonClass, PageHeading } from "./ui";

const secondStepErrors = new Set<string>([adminErrors.codeRequired, adminErrors.badCode]);

const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 py-2 text-base text-ink focus:border-brand-700";

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The password was right and the account has two-step sign-in: the code is asked for.
  const [needsCode, setNeedsCode] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await adminApi.post<AdminSessionState>(adminApiPaths.session, {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      ...(needsCode ? { code: String(form.get("code") ?? "") } : {}),
    });
    setBusy(false);
    if (result.kind === "ok") {
      onSignedIn();
      return;
    }
    setError(result.kind === "error" ? result.error : "Sign-in failed. Try again.");
    if (result.kind === "error" && secondStepErrors.has(result.error)) {
      setNeedsCode(true);
      return;
    }
    if (passwordRef.current) passwordRef.current.value = "";
    passwordRef.current?.focus();
  }

  return (
    <main id="main" className="mx-auto grid w-full max-w-md gap-6 px-4 py-16">
      <PageHeading>Sign in to the admin console</PageHeading>
      <p className="text-muted">
        The inbox of the contact form and the referrer analytics of the site.
      </p>
      {error ? <Alert>{error}</Alert> : null}
      <form onSubmit={submit} className="grid gap-4" aria-label="Sign in">
        <div>
          <label htmlFor="admin-email" className="font-semibold text-ink">
            E-mail address
          </label>
          <input
            ref={emailRef}
            id="admin-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="admin-password" className="font-semibold text-ink">
            Password
          </label>
          <input
            ref={passwordRef}
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={inputClass}
          />
        </div>
        {needsCode ? <TwoStepCodeField /> : null}
        <button type="submit" className={buttonClass} disabled={busy}>
          {busy ? "Signing in..." : "Sign in"}
        </button>
      </form>
    </main>
  );
}
