// The Team page's invitation form: an address and a role. The link is e-mailed when mail delivery is on; without
// SMTP it comes back once, shown with a copy button, and the owner sends it themselves.
import { type FormEvent, useState } from "react";
import { type IssuedLink, roleLabels, teamApiPaths, teamRoles } from "../../../contracts/team";
import { adminApi } from "../api";
import { useApiAction } from "../use-api-action";
import { useRefresh } from "../use-refresh";
import { FormField, inputClass } from "./form-field";
import { buttonClass, StatusNote, secondaryButtonClass } from "./ui";

/** The link just issued (an invitation, a resend or a reset): e-mailed, or for the owner to copy. */
export function IssuedLinkNote({ issued }: { issued: IssuedLink }) {
  const [copied, setCopied] = useState(false);
  const who = issued.invitation.email;
  const { link } = issued;
  if (link === null) return <StatusNote>{`The link was e-mailed to ${who}.`}</StatusNote>;
  return (
    <div className="grid gap-2">
      <StatusNote>
        {`Mail delivery is off on this server: copy this link and send it to ${who} yourself.`}
      </StatusNote>
      <div className="flex flex-wrap items-center gap-2">
        <input
          aria-label={`Link for ${who}`}
          readOnly
          value={link}
          className={`${inputClass} mt-0 min-w-0 flex-1 font-mono text-sm`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true));
          }}
        >
          {copied ? "Copied" : "Copy link"}
        </button>
      </div>
    </div>
  );
}

export function TeamInvite({ onIssued }: { onIssued: (issued: IssuedLink) => void }) {
  const refresh = useRefresh();
  const { busy, problem, run } = useApiAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const issued = await run(() =>
      adminApi.post<IssuedLink>(teamApiPaths.invitations, {
        email: String(form.get("email") ?? "").trim(),
        role: String(form.get("role") ?? "viewer"),
      }),
    );
    if (!issued) return;
    formElement.reset();
    onIssued(issued.data);
    refresh();
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      aria-label="Invite"
    >
      <FormField
        id="invite-email"
        label="E-mail address"
        name="email"
        type="email"
        autoComplete="off"
        required
        problem={problem}
      />
      <div>
        <label htmlFor="invite-role" className="font-semibold text-ink">
          Role
        </label>
        <select id="invite-role" name="role" defaultValue="viewer" className={inputClass}>
          {teamRoles.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? "Inviting..." : "Invite"}
      </button>
    </form>
  );
}
