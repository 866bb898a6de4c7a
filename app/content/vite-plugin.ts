// Vite plugin: replaces app/content/store.ts with the content it reads, one exported literal per part.
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { contentChangedEvent } from "./content-changed.ts";
import { contentRoot, readContent } from "./read.ts";

const storeFile = fileURLToPath(new URL("./store.ts", import.meta.url));
const storeExports: Record<string, keyof Awaited<ReturnType<typeof readContent>>> = {
  eventTypeEntries: "eventTypes",
  testimonialEntries: "testimonials",
};

/** A broken content file fails the build here, with the file and the field in the message. */
export function contentPlugin(): Plugin {
  return {
    name: "boothpilot-content",
    async load(id) {
      if (id.split("?")[0] !== storeFile) return null;
      const root = contentRoot();
      this.addWatchFile(`${root}/content`);
      const content = await readContent(root);
      return Object.entries(storeExports)
        .map(([name, part]) => `export const ${name} = ${JSON.stringify(content[part])};`)
        .join("\n");
    },
    configureServer(server) {
      // In development an edited content file (from the editor or a text editor) reloads the pages showing it.
      // Only marketing pages listen (app/islands/site.ts): the editor's own page keeps its state.
      const dir = `${contentRoot()}/content`;
      server.watcher.add(dir);
      server.watcher.on("all", (_event, file) => {
        if (!file.startsWith(dir)) return;
        const module = server.moduleGraph.getModuleById(storeFile);
        if (module) server.moduleGraph.invalidateModule(module);
        server.ws.send({ type: "custom", event: contentChangedEvent });
      });
    },
  };
}
