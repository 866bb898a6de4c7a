// A grid of short cards (title and text), each optionally linking to a page for more.
import { ArrowRightIcon } from "../ui/icons";
import { TextLink } from "./button-link";

export interface CardItem {
  title: string;
  body: string;
  link?: { label: string; to: string };
}

interface CardGridProps {
  items: readonly CardItem[];
  /** Heading level of each card's title: 3 under a section's h2. */
  level?: 3 | 4;
  columns?: 2 | 3;
}

export function CardGrid({ items, level = 3, columns = 3 }: CardGridProps) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <ul
      className={`grid gap-6 sm:grid-cols-2 ${columns === 3 ? "lg:grid-cols-3" : "lg:grid-cols-2"}`}
    >
      {items.map((item) => (
        <li
          key={item.title}
          className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <Heading className="text-lg font-semibold text-ink">{item.title}</Heading>
          <p className="mt-2 flex-1 text-muted">{item.body}</p>
          {item.link ? (
            <p className="mt-4">
              <TextLink to={item.link.to}>
                <ArrowAfter text={item.link.label} />
              </TextLink>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The arrow stays on the line of the label's last word, aligned with its text, however the label wraps. */
function ArrowAfter({ text }: { text: string }) {
  const cut = text.lastIndexOf(" ") + 1;
  return (
    <>
      {text.slice(0, cut)}
      <span className="whitespace-nowrap">
        {text.slice(cut)}
        <ArrowRightIcon width={16} height={16} className="ml-1 inline-block align-[-0.15em]" />
      </span>
    </>
  );
}
