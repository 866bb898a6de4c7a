// Queues a failed delivery again (after its settings were fixed) and reloads the page; a refusal is announced.
import { useState } from "react";
import type { MessageDetail } from "../../../contracts/admin-api";
import { adminApi } from "../api";
import { useRefresh } from "../use-refresh";
import { Alert, buttonClass } from "./ui";

export function ResendButton({
  url,
  label,
  refusal,
}: {
  /** The admin API's POST that queues it again. */
  url: string;
  label: string;
  /** What the alert says before the server's reason. */
  refusal: string;
}) {
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function resend() {
    setBusy(true);
    setError(null);
    const result = await adminApi.post<MessageDetail>(url);
    setBusy(false);
    if (result.kind === "ok") refresh();
    else setError(result.kind === "error" ? result.error : "Sign in again to continue.");
  }

  return (
    <div className="grid gap-3">
      {error ? (
        <Alert>
          {refusal}: {error}
        </Alert>
      ) : null}
      <div>
        <button type="button" className={buttonClass} onClick={resend} disabled={busy}>
          {busy ? "Queuing..." : label}
        </button>
      </div>
    </div>
  );
}
