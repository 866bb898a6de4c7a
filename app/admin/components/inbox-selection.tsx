// Actions on several inbox messages at once: the checked messages of the page, marked handled or spam or deleted
// together through the per-message API, deleting only after one confirmation in a modal dialog.
import { useEffect, useMemo, useRef, useState } from "react";
import { adminApiPaths, type InboxMessage, type MessageAction } from "../../../contracts/admin-api";
import { type AdminResult, adminApi } from "../api";
import { useRefresh } from "../use-refresh";
import { Alert, buttonClass, dangerButtonClass, StatusNote, secondaryButtonClass } from "./ui";

export interface Selection {
  has(id: string): boolean;
  set(id: string, selected: boolean): void;
  /** The checked messages still on the page (a live update may have removed some). */
  ids: string[];
  setAll(selected: boolean): void;
  clear(): void;
}

export function useSelection(messages: InboxMessage[]): Selection {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  return useMemo(() => {
    const ids = messages.filter((message) => checked.has(message.id)).map((message) => message.id);
    return {
      ids,
      has: (id) => checked.has(id),
      set: (id, selected) =>
        setChecked((current) => {
          const next = new Set(current);
          if (selected) next.add(id);
          else next.delete(id);
          return next;
        }),
      setAll: (selected) =>
        setChecked(new Set(selected ? messages.map((message) => message.id) : [])),
      clear: () => setChecked(new Set()),
    };
  }, [messages, checked]);
}

type BulkAction = Extract<MessageAction, "handled" | "spam"> | "delete";

const done: Record<BulkAction, string> = {
  handled: "marked handled",
  spam: "marked spam",
  delete: "deleted",
};

const count = (n: number) => (n === 1 ? "1 message" : `${n} messages`);

function request(id: string, action: BulkAction): Promise<AdminResult<unknown>> {
  return action === "delete"
    ? adminApi.delete(adminApiPaths.message(id))
    : adminApi.post(adminApiPaths.messageAction(id, action));
}

/** One confirmation for the whole deletion; Escape or "Keep them" closes it and changes nothing. */
function ConfirmDelete({
  total,
  open,
  onConfirm,
  onClose,
}: {
  total: number;
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) {
      element.showModal();
      // As on a message's page, the question's answer takes focus (the browser would pick the first button).
      confirm.current?.focus();
    }
    if (!open && element?.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="bulk-delete-title"
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="bulk-delete-title" className="text-xl font-bold text-ink">
        Delete {count(total)} for good?
      </h2>
      <p className="mt-3 text-ink">
        The messages, their e-mails to the team and their links to the senders' visits are erased.
        This cannot be undone.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Keep them
        </button>
        <button type="button" ref={confirm} className={dangerButtonClass} onClick={onConfirm}>
          Delete {count(total)}
        </button>
      </div>
    </dialog>
  );
}

export function BulkActions({
  messages,
  selection,
}: {
  messages: InboxMessage[];
  selection: Selection;
}) {
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: "done" | "failed"; text: string } | null>(null);
  const selected = selection.ids;
  const allChecked = messages.length > 0 && selected.length === messages.length;
  const selectAll = useRef<HTMLInputElement>(null);
  // Some but not all checked: the box says "mixed" (a property only, no attribute for it).
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = selected.length > 0 && !allChecked;
  }, [selected.length, allChecked]);

  async function run(action: BulkAction) {
    setConfirming(false);
    setBusy(true);
    setOutcome(null);
    const results = await Promise.all(selected.map((id) => request(id, action)));
    setBusy(false);
    const failures = results.filter((result) => result.kind !== "ok");
    const changed = results.length - failures.length;
    const first = failures[0];
    if (first) {
      const why = first.kind === "error" ? first.error : "Sign in again to continue.";
      setOutcome({
        kind: "failed",
        text: `${count(changed)} ${done[action]}; ${count(failures.length)} not changed: ${why}`,
      });
    } else {
      setOutcome({ kind: "done", text: `${count(changed)} ${done[action]}.` });
    }
    selection.clear();
    refresh();
  }

  if (messages.length === 0) return null;
  return (
    <div className="grid gap-3">
      {outcome?.kind === "done" ? <StatusNote>{outcome.text}</StatusNote> : null}
      {outcome?.kind === "failed" ? <Alert>{outcome.text}</Alert> : null}
      <fieldset className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2">
        <legend className="sr-only">Actions on the selected messages</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            className="size-5 accent-brand-700"
            ref={selectAll}
            checked={allChecked}
            onChange={(event) => selection.setAll(event.currentTarget.checked)}
          />
          Select all on this page
        </label>
        <p className="text-sm text-muted" aria-live="polite">
          {selected.length === 0 ? "None selected" : `${count(selected.length)} selected`}
        </p>
        {selected.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={() => run("handled")}
            >
              Mark handled
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={() => run("spam")}
            >
              Mark spam
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              Delete…
            </button>
          </div>
        ) : null}
      </fieldset>
      <ConfirmDelete
        total={selected.length}
        open={confirming}
        onConfirm={() => void run("delete")}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
