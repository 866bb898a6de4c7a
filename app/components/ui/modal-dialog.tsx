// A modal built on the native <dialog>: focus trap, Escape and the top layer come from the browser.
import { type ReactNode, useEffect, useRef } from "react";

interface ModalDialogProps {
  /** Element id, unique on the page; the title's id derives from it. */
  id: string;
  open: boolean;
  title: string;
  children?: ReactNode;
  /** Label of the button that closes the dialog. */
  closeLabel: string;
  onClose: () => void;
}

// Ids are given rather than from useId: the contact form hydrates as its own root (ADR 9), where useId
// would not produce the ids the page was prerendered with.
export function ModalDialog({ id, open, title, children, closeLabel, onClose }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = `${id}-title`;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={titleId} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {children ? <div className="mt-3 text-muted">{children}</div> : null}
      <div className="mt-6 flex justify-end">
        <button
          type="button"
          onClick={() => ref.current?.close()}
          className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
        >
          {closeLabel}
        </button>
      </div>
    </dialog>
  );
}
