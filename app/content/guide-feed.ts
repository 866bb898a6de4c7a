// The guides feed's title and description: in the feed (scripts/postbuild.ts) and the link to it on /guides.
import { brandName } from "../../contracts/brand.ts";

export const guideFeedCopy = {
  title: `${brandName} guides for organizers`,
  description:
    "Practical guides to running markets, shows and festivals: vendor applications, venue maps, payments and more.",
} as const;
