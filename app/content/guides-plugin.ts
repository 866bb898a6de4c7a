// Vite plugin for the guides: inlines app/content/guide-store.ts as data, emits the converted copies of their
// pictures in the client build (ADR 44), and in development converts a copy when the browser asks for it.
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { contentRoot, readGuideContent } from "./guide-store.ts";
import { copyOf, type Picture, pictureUrlFolder } from "./pictures.ts";

const storeFile = fileURLToPath(new URL("./guide-store.ts", import.meta.url));

/** Every picture of the published guides (a draft's pictures are never emitted). */
async function publishedPictures(): Promise<Picture[]> {
  return (await readGuideContent()).guideEntries.flatMap((guide) => guide.pictures);
}

/** `pictures: false` for a build whose output has the pictures already (the site script's, ADR 12). */
export function guidesPlugin({ pictures = true } = {}): Plugin {
  return {
    name: "boothpilot-guides",
    async load(id) {
      if (id.split("?")[0] !== storeFile) return null;
      this.addWatchFile(`${contentRoot()}/content/guides`);
      const content = await readGuideContent();
      return Object.entries(content)
        .map(
          ([name, value]) =>
            `export const ${name} = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(value))});`,
        )
        .join("\n");
    },
    async generateBundle() {
      if (!pictures || this.environment.config.consumer !== "client") return;
      const emitted = new Set<string>();
      for (const picture of await publishedPictures()) {
        for (const variant of picture.variants) {
          if (emitted.has(variant.fileName)) continue;
          emitted.add(variant.fileName);
          this.emitFile({
            type: "asset",
            fileName: variant.fileName,
            source: await copyOf(picture, variant, contentRoot()),
          });
        }
      }
    },
    configureServer(server) {
      server.middlewares.use(`/${pictureUrlFolder}/`, async (request, response, next) => {
        try {
          const fileName = `${pictureUrlFolder}/${(request.url ?? "").split("?")[0]?.replace(/^\//, "")}`;
          for (const picture of await publishedPictures()) {
            const variant = picture.variants.find((v) => v.fileName === fileName);
            if (!variant) continue;
            response.setHeader("content-type", `image/${variant.format}`);
            response.end(await copyOf(picture, variant, contentRoot()));
            return;
          }
          next();
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
