// What the team does with one message: mark it unread (back to the inbox), handled or not, spam or not, and delete
// it for good after a confirmation. Each outcome is announced; a failure says why and changes nothing.
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import {
  adminApiPaths,
  type MessageAction,
  type MessageDetail,
} from "../../../contracts/admin-api";
import { adminApi } from "../api";
import { inboxHref } from "../inbox-query";
import { useRefresh } from "../use-refresh";
import { Alert, buttonClass, dangerButtonClass, secondaryButtonClass } from "./ui";

export function MessageActions({ message }: { message: MessageDetail }) {
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The confirmation takes focus so a keyboard user answers it first.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  async function run(action: MessageAction) {
    setBusy(true);
    setError(null);
    const result = await adminApi.post<MessageDetail>(
      adminApiPaths.messageAction(message.id, action),
    );
    setBusy(false);
    if (result.kind !== "ok") {
      setError(result.kind === "error" ? result.error : "Sign in again to continue.");
      return;
    }
    // Staying on the page would mark it read again.
    if (action === "unread") void navigate(inboxHref({}), { state: { notice: "Marked unread." } });
    else refresh();
  }

  async function erase() {
    setBusy(true);
    setError(null);
    const result = await adminApi.delete(adminApiPaths.message(message.id));
    setBusy(false);
    if (result.kind === "ok") {
      void navigate(inboxHref({}), {
        state: { notice: `The message from ${message.name} was deleted.` },
      });
    } else {
      setError(result.kind === "error" ? result.error : "Sign in again to continue.");
    }
  }

  return (
    <div className="grid gap-3">
      {error ? <Alert>Nothing was changed: {error}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => run("unread")}
          disabled={busy}
        >
          Mark unread
        </button>
        {message.handledAt ? (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => run("unhandled")}
            disabled={busy}
          >
            Mark not handled
          </button>
        ) : (
          <button
            type="button"
            className={buttonClass}
            onClick={() => run("handled")}
            disabled={busy}
          >
            Mark handled
          </button>
        )}
        {message.status === "spam" ? (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => run("not-spam")}
            disabled={busy}
          >
            Not spam
          </button>
        ) : (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => run("spam")}
            disabled={busy}
          >
            Mark spam
          </button>
        )}
        <button
          type="button"
          ref={deleteButton}
          className={secondaryButtonClass}
          onClick={() => setConfirming(true)}
          disabled={busy}
        >
          Delete…
        </button>
      </div>
      {confirming ? (
        <section
          aria-labelledby="delete-title"
          className="grid gap-3 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900"
        >
          <h2 id="delete-title" className="font-semibold">
            Delete this message for good?
          </h2>
          <p>
            The message, its e-mail to the team and its link to the sender's visit are erased. This
            cannot be undone.
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              ref={confirmButton}
              className={dangerButtonClass}
              onClick={erase}
              disabled={busy}
            >
              {busy ? "Deleting..." : "Delete the message"}
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setConfirming(false);
                deleteButton.current?.focus();
              }}
              disabled={busy}
            >
              Keep it
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
