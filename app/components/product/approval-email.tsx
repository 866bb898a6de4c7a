// Product picture: the approval email with its payment link and payment window, and the reminder before it ends.
import { emailSample as sample } from "../../content/product-pictures";
import { ProductFrame } from "./product-frame";

function Message(props: { subject: string; body: string; link: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <p className="text-xs text-muted">
        {sample.from} → {sample.to}
      </p>
      <p className="mt-1 font-semibold">{props.subject}</p>
      <p className="mt-1 text-muted">{props.body}</p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <span className="rounded-md bg-brand-700 px-3 py-1.5 text-xs font-semibold text-white">
          {props.link}
        </span>
        {props.note ? (
          <span className="text-xs font-medium text-amber-900">{props.note}</span>
        ) : null}
      </p>
    </div>
  );
}

export function ApprovalEmail({ className }: { className?: string }) {
  return (
    <ProductFrame picture={sample} className={className}>
      <div className="grid gap-3">
        <Message {...sample.approval} note={sample.approval.window} />
        <Message {...sample.reminder} />
      </div>
    </ProductFrame>
  );
}
