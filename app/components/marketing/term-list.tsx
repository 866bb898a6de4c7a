// A description list of named items (question types, payment methods): term in bold, text beside it.

export interface Term {
  title: string;
  body: string;
}

export function TermList({ items }: { items: readonly Term[] }) {
  return (
    <dl className="grid gap-6 sm:grid-cols-2">
      {items.map((item) => (
        <div key={item.title} className="rounded-xl border border-slate-200 bg-white p-6">
          <dt className="text-lg font-semibold text-ink">{item.title}</dt>
          <dd className="mt-1 text-muted">{item.body}</dd>
        </div>
      ))}
    </dl>
  );
}
