// The sign-in's second step: the code from the authenticator app (or a recovery code), asked for once the password
// was right. Numeric keyboard on phones, filled from the app or an SMS-less one-time-code source by the browser.
import { inputClass } from "./form-field";

export function TwoStepCodeField() {
  return (
    <div>
      <label htmlFor="admin-code" className="font-semibold text-ink">
        Code from your authenticator app
      </label>
      <input
        id="admin-code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        // biome-ignore lint/a11y/noAutofocus: it appears after the password was accepted; the code is what is next.
        autoFocus
        aria-describedby="admin-code-hint"
        className={inputClass}
      />
      <p id="admin-code-hint" className="mt-1 text-sm text-muted">
        Six digits, or one of your recovery codes.
      </p>
    </div>
  );
}
