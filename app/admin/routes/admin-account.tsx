// /admin/account: the signed-in person changes their own password (their other sessions end) and sets up or turns
// off two-step sign-in.
import { type FormEvent, useState } from "react";
import { teamApiPaths } from "../../../contracts/team";
import { adminApi, consoleTitle, currentSession } from "../api";
import { FormField, NewPasswordField } from "../components/form-field";
import { TwoStepSection } from "../components/two-step-setup";
import { buttonClass, PageHeading, Section, StatusNote } from "../components/ui";
import { useApiAction } from "../use-api-action";
import { useRefresh } from "../use-refresh";
import type { Route } from "./+types/admin-account";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: consoleTitle(undefined, "Account", matches[1]?.loaderData?.unreadCount) },
];

export async function clientLoader() {
  return currentSession();
}

export default function AdminAccount({ loaderData }: Route.ComponentProps) {
  const refresh = useRefresh();
  const twoStep = loaderData.kind === "ok" && loaderData.data.twoStep;
  const [done, setDone] = useState(false);
  const { busy, problem, run } = useApiAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setDone(false);
    const changed = await run(() =>
      adminApi.post(teamApiPaths.ownPassword, {
        currentPassword: String(form.get("currentPassword") ?? ""),
        newPassword: String(form.get("newPassword") ?? ""),
      }),
    );
    if (changed) {
      setDone(true);
      formElement.reset();
    }
  }

  return (
    <>
      <PageHeading>Your account</PageHeading>
      <Section title="Change your password" id="own-password">
        {done ? (
          <StatusNote>Your password was changed; your other sessions ended.</StatusNote>
        ) : null}
        <form onSubmit={submit} className="grid max-w-md gap-4" aria-label="Change your password">
          <FormField
            id="current-password"
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
          />
          <NewPasswordField id="new-password" name="newPassword" problem={problem} />
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? "Saving..." : "Change password"}
          </button>
        </form>
      </Section>
      <Section title="Two-step sign-in" id="two-step">
        <TwoStepSection on={twoStep} onChanged={refresh} />
      </Section>
    </>
  );
}
