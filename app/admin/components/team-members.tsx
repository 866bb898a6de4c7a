// The Team page's lists: people (role, reset link, removal after a confirmation; the owner ADMIN_EMAIL sets keeps
// their role and place, with a note saying why) and open invitations (resend, revoke). Each change reloads the
// page's data; a refusal (the last owner) is shown and changes nothing.
import { useState } from "react";
import {
  type IssuedLink,
  roleLabels,
  type TeamInvitation,
  type TeamMember,
  type TeamRole,
  teamApiPaths,
  teamRoles,
} from "../../../contracts/team";
import { type AdminResult, adminApi } from "../api";
import { formatDateTime } from "../format";
import { useApiAction } from "../use-api-action";
import { useRefresh } from "../use-refresh";
import { inputClass } from "./form-field";
import { Alert, secondaryButtonClass } from "./ui";

/** Runs a change, then reloads; the error text when it was refused. */
function useChange(onIssued: (issued: IssuedLink) => void) {
  const refresh = useRefresh();
  const action = useApiAction();
  const run = async (change: () => Promise<AdminResult<IssuedLink | undefined>>) => {
    const done = await action.run(change);
    if (!done) return;
    // A resend or a reset answers the new link; other changes answer nothing.
    if (done.data) onIssued(done.data);
    refresh();
  };
  return { error: action.problem, busy: action.busy, run };
}

export function TeamMembers({
  members,
  you,
  onIssued,
}: {
  members: TeamMember[];
  you: string;
  onIssued: (issued: IssuedLink) => void;
}) {
  const { error, busy, run } = useChange(onIssued);
  const [removing, setRemoving] = useState<string | null>(null);
  return (
    <div className="grid gap-3">
      {error ? <Alert>Nothing was changed: {error}</Alert> : null}
      <ul className="grid gap-3">
        {members.map((member) => {
          const label = member.name ? `${member.name} (${member.email})` : member.email;
          return (
            <li
              key={member.id}
              className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <div className="min-w-0">
                <p className="break-words font-semibold text-ink">
                  {label}
                  {member.id === you ? " (you)" : null}
                </p>
                <p className="text-sm text-muted">
                  Joined {formatDateTime(member.joinedAt)} · two-step sign-in{" "}
                  {member.twoStep ? "on" : "off"}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {member.setByServer ? (
                  <p className="text-sm text-muted sm:max-w-xs">
                    {roleLabels[member.role]}, set by ADMIN_EMAIL on the server: to remove or demote
                    them, set ADMIN_EMAIL to another address and restart the server. They change
                    their own password; a new ADMIN_PASSWORD and a restart recover it.
                  </p>
                ) : (
                  <>
                    <label className="sr-only" htmlFor={`role-${member.id}`}>
                      Role of {label}
                    </label>
                    <select
                      id={`role-${member.id}`}
                      value={member.role}
                      disabled={busy}
                      className={`${inputClass} mt-0 w-auto`}
                      onChange={(event) => {
                        const role = event.currentTarget.value as TeamRole;
                        void run(() => adminApi.put(teamApiPaths.member(member.id), { role }));
                      }}
                    >
                      {teamRoles.map((role) => (
                        <option key={role} value={role}>
                          {roleLabels[role]}
                        </option>
                      ))}
                    </select>
                  </>
                )}
                {member.setByServer ? null : (
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    disabled={busy}
                    onClick={() =>
                      void run(() => adminApi.post(teamApiPaths.memberReset(member.id)))
                    }
                  >
                    Send reset link
                  </button>
                )}
                {member.setByServer ? null : removing === member.id ? (
                  <>
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      disabled={busy}
                      onClick={() =>
                        void run(() => adminApi.delete(teamApiPaths.member(member.id)))
                      }
                    >
                      Remove {member.name || member.email} now
                    </button>
                    <button
                      type="button"
                      className={secondaryButtonClass}
                      onClick={() => setRemoving(null)}
                    >
                      Keep
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    disabled={busy}
                    onClick={() => setRemoving(member.id)}
                  >
                    Remove…
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function TeamInvitations({
  invitations,
  onIssued,
}: {
  invitations: TeamInvitation[];
  onIssued: (issued: IssuedLink) => void;
}) {
  const { error, busy, run } = useChange(onIssued);
  if (invitations.length === 0) return <p className="text-muted">No open invitations.</p>;
  return (
    <div className="grid gap-3">
      {error ? <Alert>Nothing was changed: {error}</Alert> : null}
      <ul className="grid gap-3">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-[1fr_auto] sm:items-center"
          >
            <div className="min-w-0">
              <p className="break-words font-semibold text-ink">{invitation.email}</p>
              <p className="text-sm text-muted">
                {invitation.purpose === "invitation"
                  ? `Invited as ${roleLabels[invitation.role]}`
                  : "Password reset"}
                {" · "}
                {invitation.expired ? "expired" : "expires"} {formatDateTime(invitation.expiresAt)}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={busy}
                onClick={() =>
                  void run(() => adminApi.post(teamApiPaths.resendInvitation(invitation.id)))
                }
              >
                Send again
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                disabled={busy}
                onClick={() =>
                  void run(() => adminApi.delete(teamApiPaths.invitation(invitation.id)))
                }
              >
                Revoke
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
