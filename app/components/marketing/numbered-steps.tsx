// An ordered list of steps: the <ol> carries the numbering for assistive technology, the circles show it.

export interface Step {
  title?: string;
  body: string;
}

export function NumberedSteps({ items }: { items: readonly Step[] }) {
  return (
    <ol className="grid gap-5">
      {items.map((item, index) => (
        <li key={item.title ?? item.body} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
          >
            {index + 1}
          </span>
          <p className="pt-1 text-ink">
            {item.title ? <strong className="font-semibold">{item.title}: </strong> : null}
            <span className="text-muted">{item.body}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}
