// Where a page is interactive: markup rendered at build time, hydrated in the browser by the site script.
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { type IslandWhen, islandAttribute, islandWhenAttribute } from "../islands/markup";
import type { HeldValues, IslandName } from "../islands/registry";

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

/**
 * Every island's way to keep what the visitor typed or chose before its script arrived: it hydrates with its
 * served state, so hydration finds the markup as served, then takes the held values before the browser paints.
 */
export function useHeldValues(
  held: HeldValues | undefined,
  adopt: (held: HeldValues) => void,
): void {
  // Once, with the values of the first render: later renders must not take them again.
  const first = useRef({ held, adopt });
  useLayoutEffect(() => {
    const { held: values, adopt: take } = first.current;
    if (values && Object.keys(values).length > 0) take(values);
  }, []);
}
