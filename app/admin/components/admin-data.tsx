// Renders what a page loaded: the data, a note when the session ended meanwhile (the frame then asks again and
// shows the sign-in form), or the API's error text.
import { type ReactNode, useEffect } from "react";
import type { AdminResult } from "../api";
import { useRefresh } from "../use-refresh";
import { Alert, PageHeading } from "./ui";

export function AdminData<Data>({
  result,
  errorTitle,
  children,
}: {
  result: AdminResult<Data>;
  /** The page's heading when it cannot show its data. */
  errorTitle: string;
  children: (data: Data) => ReactNode;
}) {
  if (result.kind === "ok") return children(result.data);
  if (result.kind === "signed-out") return <SessionEnded />;
  return (
    <>
      <PageHeading>{errorTitle}</PageHeading>
      <Alert>{result.error}</Alert>
    </>
  );
}

function SessionEnded() {
  const refresh = useRefresh();
  useEffect(() => {
    refresh();
  }, [refresh]);
  return (
    <>
      <PageHeading>Your session has ended</PageHeading>
      <p className="text-ink">Sign in again to continue.</p>
    </>
  );
}
