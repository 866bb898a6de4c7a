// Vite plugin: replaces app/content/store.ts with the content it reads, one exported value per part; emits the
// converted copies of the guides' pictures in the client build (ADR 44) and converts one in development on request.
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { contentChangedEvent } from "./content-changed.ts";
import { copyOf, type Picture, pictureUrlFolder } from "./pictures.ts";
import { contentRoot, readContent } from "./read.ts";

const storeFile = fileURLToPath(new URL("./store.ts", import.meta.url));
const storeExports: Record<string, keyof Awaited<ReturnType<typeof readContent>>> = {
  eventTypeEntries: "eventTypes",
  testimonialEntries: "testimonials",
  featureEntries: "features",
  guideEntries: "guides",
  guideSummaries: "guideSummaries",
  siteTexts: "site",
  aboutPage: "about",
  contactPage: "contact",
  notFoundPage: "notFound",
  legalEntries: "legal",
  homePage: "home",
  featuresPage: "featuresOverview",
  pricingPage: "pricing",
  howItWorksPage: "howItWorks",
};

/** Every picture of the published guides (a draft's pictures are never emitted). */
async function publishedPictures(): Promise<Picture[]> {
  return (await readContent()).guides.flatMap((guide) => guide.pictures);
}

/**
 * A broken content file fails the build here, with the file and the field in the message. `pictures: false` for
 * a build whose output has the pictures already (the site script's, ADR 12).
 */
export function contentPlugin({ pictures = true } = {}): Plugin {
  return {
    name: "boothpilot-content",
    async load(id) {
      if (id.split("?")[0] !== storeFile) return null;
      const root = contentRoot();
      this.addWatchFile(`${root}/content`);
      const content = await readContent(root);
      // JSON.parse of a string parses faster than the same object literal (hundreds of guides); pure, so an
      // export no module uses leaves the bundle.
      return Object.entries(storeExports)
        .map(
          ([name, part]) =>
            `export const ${name} = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify(content[part]))});`,
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
