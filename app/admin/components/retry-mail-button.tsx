// Sends a failed e-mail again (after the mail settings were fixed); the outcome is announced.
import { useState } from "react";
import { adminApiPaths, type MessageDetail } from "../../../contracts/admin-api";
import { adminApi } from "../api";
import { useRefresh } from "../use-refresh";
import { Alert, buttonClass } from "./ui";

export function RetryMailButton({ messageId }: { messageId: string }) {
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function retry() {
    setBusy(true);
    setError(null);
    const result = await adminApi.post<MessageDetail>(adminApiPaths.retryMail(messageId));
    setBusy(false);
    if (result.kind === "ok") refresh();
    else setError(result.kind === "error" ? result.error : "Sign in again to continue.");
  }

  return (
    <div className="grid gap-3">
      {error ? <Alert>The e-mail was not queued again: {error}</Alert> : null}
      <div>
        <button type="button" className={buttonClass} onClick={retry} disabled={busy}>
          {busy ? "Queuing..." : "Send the e-mail again"}
        </button>
      </div>
    </div>
  );
}
