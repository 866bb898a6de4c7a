// The content schema, for the build's reader and Keystatic's editor alike.
import { config } from "@keystatic/core";
import { guidesCollection } from "./app/content/guides-collection.ts";

export default config({
  storage: { kind: "local" },
  collections: {
    guides: guidesCollection,
  },
});
