// A list of benefits, each with a check mark, a short title and one or two sentences.
import { CheckIcon } from "../ui/icons";

export interface CheckItem {
  title: string;
  body: string;
}

interface CheckListProps {
  items: readonly CheckItem[];
  /** Heading level of each item's title: 3 under a section's h2. */
  level?: 3 | 4;
}

export function CheckList({ items, level = 3 }: CheckListProps) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <ul className="grid gap-x-10 gap-y-8 md:grid-cols-2">
      {items.map((item) => (
        <li key={item.title} className="flex gap-4">
          <span className="mt-1 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <CheckIcon width={16} height={16} />
          </span>
          <div>
            <Heading className="text-lg font-semibold text-ink">{item.title}</Heading>
            <p className="mt-1 text-muted">{item.body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
