// Where a page is interactive: markup rendered at build time, hydrated in the browser by the site script.
import type { ReactNode } from "react";
import { type IslandWhen, islandAttribute, islandWhenAttribute } from "../islands/markup";
import type { IslandName } from "../islands/registry";

interface IslandProps {
  name: IslandName;
  when: IslandWhen;
  className?: string;
  /** The island's markup: what its module hydrates must render the same. */
  children: ReactNode;
}

export function Island({ name, when, className, children }: IslandProps) {
  return (
    <div className={className} {...{ [islandAttribute]: name, [islandWhenAttribute]: when }}>
      {children}
    </div>
  );
}
