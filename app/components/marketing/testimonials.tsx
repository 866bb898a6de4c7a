// Organizer testimonials: each a <figure> with the quote in a <blockquote> and the speaker in a <figcaption>.
// One still marked sample in its content file carries the same "Sample" badge as the product pictures.
import { sampleBadge } from "../../content/product-pictures";
import type { Testimonial } from "../../content/testimonials";

export function Testimonials({ items }: { items: readonly Testimonial[] }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {items.map((item) => (
        <figure
          key={item.slug}
          className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          {item.sample ? (
            <span className="mb-3 self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {sampleBadge}
            </span>
          ) : null}
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
