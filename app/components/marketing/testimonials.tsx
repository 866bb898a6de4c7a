// Organizer testimonials: each a <figure> with the quote in a <blockquote> and the speaker in a <figcaption>.
import type { Testimonial } from "../../content/testimonials";

export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {items.map((item) => (
        <figure
          key={item.name}
          className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <blockquote className="flex-1 text-lg text-ink">
            <p>“{item.quote}”</p>
          </blockquote>
          <figcaption className="mt-4 font-semibold text-muted">
            {item.name}, {item.role}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
