// Two-step sign-in for the signed-in person: set up (the QR code to scan, the key to type in groups of four, a
// current code to confirm), the ten recovery codes shown once, and turning it off with the password.
import { type FormEvent, useState } from "react";
import { type RecoveryCodes, type TwoStepSetup, teamApiPaths } from "../../../contracts/team";
import { adminApi } from "../api";
import { useApiAction } from "../use-api-action";
import { FormField } from "./form-field";
import { buttonClass, StatusNote, secondaryButtonClass } from "./ui";

function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <StatusNote>Two-step sign-in is on.</StatusNote>
      <p className="text-ink">
        Keep these recovery codes somewhere safe: each signs you in once without your phone. They
        are shown only now.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono sm:max-w-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <p>
        <button type="button" className={buttonClass} onClick={onDone}>
          I have saved them
        </button>
      </p>
    </div>
  );
}

/** Setup from the start: a new key, then a code; `onDone` once the recovery codes were seen. */
export function TwoStepSetupSteps({ onDone }: { onDone: () => void }) {
  const [setup, setSetup] = useState<TwoStepSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { busy, problem, run } = useApiAction();

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const confirmed = await run(() =>
      adminApi.post<RecoveryCodes>(teamApiPaths.twoStepConfirm, {
        code: String(form.get("code") ?? "").trim(),
      }),
    );
    if (confirmed) setCodes(confirmed.data.recoveryCodes);
  }

  if (codes) return <RecoveryCodeList codes={codes} onDone={onDone} />;
  if (!setup) {
    return (
      <p>
        <button
          type="button"
          className={buttonClass}
          disabled={busy}
          onClick={() => {
            void run(() => adminApi.post<TwoStepSetup>(teamApiPaths.twoStepSetup)).then(
              (started) => {
                if (started) setSetup(started.data);
              },
            );
          }}
        >
          Set up two-step sign-in
        </button>
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-ink">
        Scan this code with an authenticator app (or type the key below into it), then enter the
        six-digit code it shows.
      </p>
      <div
        role="img"
        aria-label="QR code of your two-step key"
        className="w-48 rounded-md border border-slate-200 bg-white"
        // The SVG comes from our own server, drawn by the QR library from the key it just made.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: markup of our own server, no user input in it.
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <p className="text-ink">
        Key: <code className="break-words font-mono">{setup.setupKey}</code>
      </p>
      <form
        onSubmit={confirm}
        className="grid max-w-xs gap-4"
        aria-label="Confirm two-step sign-in"
      >
        <FormField
          id="two-step-code"
          label="Code from your app"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]{6}"
          required
          problem={problem}
        />
        <button type="submit" className={buttonClass} disabled={busy}>
          Confirm
        </button>
      </form>
    </div>
  );
}

/** The Account page's section: on or off, and the way to the other state. */
export function TwoStepSection({ on, onChanged }: { on: boolean; onChanged: () => void }) {
  const { busy, problem, run } = useApiAction();

  async function turnOff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const done = await run(() =>
      adminApi.post(teamApiPaths.twoStepOff, { password: String(form.get("password") ?? "") }),
    );
    if (done) onChanged();
  }

  if (!on) return <TwoStepSetupSteps onDone={onChanged} />;
  return (
    <div className="grid gap-3">
      <p className="text-ink">Two-step sign-in is on: signing in asks for a code from your app.</p>
      <form
        onSubmit={turnOff}
        className="grid max-w-md gap-4"
        aria-label="Turn off two-step sign-in"
      >
        <FormField
          id="two-step-off-password"
          label="Your password, to turn it off"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          problem={problem}
        />
        <button type="submit" className={secondaryButtonClass} disabled={busy}>
          Turn off two-step sign-in
        </button>
      </form>
    </div>
  );
}

/** What a person sees after signing in while an owner requires two-step and they have none: its setup only. */
export function TwoStepRequiredPage({ onDone }: { onDone: () => void }) {
  return (
    <main id="main" className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-16">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Set up two-step sign-in</h1>
      <p className="text-ink">
        An owner requires two-step sign-in for everyone. Set it up to continue to the console.
      </p>
      <TwoStepSetupSteps onDone={onDone} />
    </main>
  );
}
