// The console's frame (/admin and below): asks who is signed in, then shows the sign-in form, a note that no
// account is configured, or the header and the page. Client-only: served as React Router's SPA fallback.
import { useEffect, useRef, useState } from "react";
import { Outlet, ScrollRestoration, useLocation } from "react-router";
import "../admin.css";
import {
  type AdminSessionState,
  adminApiPaths,
  type InboxPage,
} from "../../../contracts/admin-api";
import { adminApi, currentSession } from "../api";
import { ConsoleHeader } from "../components/console-header";
import { ConsoleLive } from "../components/console-live";
import { SignInForm } from "../components/sign-in-form";
import { TwoStepRequiredPage } from "../components/two-step-setup";
import { Alert, PageHeading, StatusNote } from "../components/ui";
import { RoleProvider } from "../role";
import { useRefresh } from "../use-refresh";
import type { Route } from "./+types/admin-console";

/** Who is signed in, and for the navigation the number of unread messages (null when it cannot be known). */
export async function clientLoader() {
  const session = await currentSession();
  if (session.kind !== "ok" || !session.data.signedIn) return { session, unreadCount: null };
  const inbox = await adminApi.get<InboxPage>(`${adminApiPaths.messages}?limit=1`);
  return { session, unreadCount: inbox.kind === "ok" ? inbox.data.unreadCount : null };
}

const signedOut: AdminSessionState = {
  accountConfigured: true,
  signedIn: false,
  email: null,
  name: null,
  role: null,
  twoStep: false,
  twoStepSetupNeeded: false,
  expiresAt: null,
  endsAt: null,
  idleMs: 0,
};

type Notice =
  | { kind: "signed-out" }
  | { kind: "session-ended" }
  | { kind: "sign-out-failed"; error: string }
  | null;

/**
 * When the page changes under a signed-in reader (a client-side navigation, or signing in), its heading takes
 * focus so screen readers announce the new page; on the first load focus stays where the browser put it.
 */
function useFocusHeadingOnChange(signedIn: boolean) {
  const { pathname } = useLocation();
  const page = `${pathname} ${signedIn}`;
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    if (signedIn) document.querySelector<HTMLElement>("main h1")?.focus();
  }, [page, signedIn]);
}

// The console is the one client-routed app: its navigations restore scroll positions as React Router does.
export default function AdminConsole(props: Route.ComponentProps) {
  return (
    <>
      <ScrollRestoration />
      <ConsoleFrame {...props} />
    </>
  );
}

function ConsoleFrame({ loaderData: { session: loaderData, unreadCount } }: Route.ComponentProps) {
  const refresh = useRefresh();
  const [notice, setNotice] = useState<Notice>(null);
  const state: AdminSessionState | null =
    loaderData.kind === "ok"
      ? loaderData.data
      : loaderData.kind === "signed-out"
        ? signedOut
        : null;
  useFocusHeadingOnChange(state?.signedIn === true);

  if (!state) {
    return (
      <main id="main" className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-16">
        <PageHeading>The admin console is unavailable</PageHeading>
        <Alert>{loaderData.kind === "error" ? loaderData.error : null}</Alert>
      </main>
    );
  }
  if (!state.accountConfigured) {
    return (
      <main id="main" className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-16">
        <PageHeading>No admin account is configured</PageHeading>
        <p className="text-ink">
          This server has no admin account, so nobody can sign in. Set <code>ADMIN_EMAIL</code> and{" "}
          <code>ADMIN_PASSWORD</code> (at least 12 characters) in the server's environment and
          restart it.
        </p>
      </main>
    );
  }
  if (!state.signedIn || !state.email) {
    return (
      <>
        {notice?.kind === "signed-out" || notice?.kind === "session-ended" ? (
          <div className="mx-auto w-full max-w-md px-4 pt-8">
            <StatusNote>
              {notice.kind === "signed-out"
                ? "You have signed out."
                : "Your session has ended. Sign in again to return to this page."}
            </StatusNote>
          </div>
        ) : null}
        <SignInForm
          onSignedIn={() => {
            setNotice(null);
            refresh();
          }}
        />
      </>
    );
  }
  if (state.twoStepSetupNeeded) return <TwoStepRequiredPage onDone={refresh} />;
  return (
    <RoleProvider role={state.role}>
      <ConsoleLive
        session={state}
        onSessionEnded={() => {
          // Signing out ends the stream too: that is no session ending under the reader.
          setNotice((current) =>
            current?.kind === "signed-out" ? current : { kind: "session-ended" },
          );
          refresh();
        }}
      >
        <ConsoleHeader
          email={state.email}
          unreadCount={unreadCount}
          onSignedOut={(problem) => {
            setNotice(
              problem ? { kind: "sign-out-failed", error: problem } : { kind: "signed-out" },
            );
            refresh();
          }}
        />
        {notice?.kind === "sign-out-failed" ? (
          <div className="mx-auto w-full max-w-6xl px-4 pt-6">
            <Alert>Signing out failed: {notice.error}</Alert>
          </div>
        ) : null}
        <main id="main" className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-8">
          <Outlet />
        </main>
      </ConsoleLive>
    </RoleProvider>
  );
}
