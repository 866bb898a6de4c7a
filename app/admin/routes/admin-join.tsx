// /admin/join#<token>: the page a one-time link opens. It asks the server who the link is for, then lets the person
// set their password (and, when invited, their name); the token stays in the fragment, never in a server's logs.
import "../admin.css";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { type LinkInfo, roleLabels, teamApiPaths } from "../../../contracts/team";
import { adminApi } from "../api";
import { FormField, NewPasswordField } from "../components/form-field";
import { Alert, buttonClass, linkClass, PageHeading, StatusNote } from "../components/ui";
import { adminPaths } from "../paths";
import { useApiAction } from "../use-api-action";

export const meta = () => [{ title: "Set your password · BoothPilot admin" }];

type State =
  | { kind: "loading" }
  | { kind: "invalid"; error: string }
  | { kind: "ready"; info: LinkInfo }
  | { kind: "done" };

export default function AdminJoin() {
  const [token] = useState(() => (typeof location === "undefined" ? "" : location.hash.slice(1)));
  const [state, setState] = useState<State>({ kind: "loading" });
  const { busy, problem, run } = useApiAction();

  useEffect(() => {
    void adminApi.post<LinkInfo>(teamApiPaths.linkInfo, { token }).then((result) => {
      setState(
        result.kind === "ok"
          ? { kind: "ready", info: result.data }
          : { kind: "invalid", error: result.kind === "error" ? result.error : "" },
      );
    });
  }, [token]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const accepted = await run(() =>
      adminApi.post(teamApiPaths.linkAccept, {
        token,
        password: String(form.get("password") ?? ""),
        ...(name ? { name } : {}),
      }),
    );
    if (accepted) setState({ kind: "done" });
  }

  return (
    <main id="main" className="mx-auto grid w-full max-w-md gap-6 px-4 py-16">
      <PageHeading>Set your password</PageHeading>
      {state.kind === "loading" ? <p className="text-muted">Checking the link…</p> : null}
      {state.kind === "invalid" ? <Alert>{state.error}</Alert> : null}
      {state.kind === "done" ? (
        <>
          <StatusNote>Your password is set.</StatusNote>
          <p>
            <Link to={adminPaths.inbox} className={linkClass}>
              Sign in to the console
            </Link>
          </p>
        </>
      ) : null}
      {state.kind === "ready" ? (
        <form onSubmit={submit} className="grid gap-4" aria-label="Set your password">
          <p className="text-ink">
            {state.info.purpose === "invitation"
              ? `You are invited to the console as ${roleLabels[state.info.role]}.`
              : "Choose a new password for your account."}
          </p>
          <FormField
            id="join-email"
            label="E-mail address"
            name="email"
            type="email"
            autoComplete="username"
            value={state.info.email}
            readOnly
          />
          {state.info.purpose === "invitation" ? (
            <FormField
              id="join-name"
              label="Your name"
              name="name"
              autoComplete="name"
              maxLength={100}
            />
          ) : null}
          <NewPasswordField id="join-password" name="password" problem={problem} />
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? "Saving..." : "Set password"}
          </button>
        </form>
      ) : null}
    </main>
  );
}
