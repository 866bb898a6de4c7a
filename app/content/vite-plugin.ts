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
  guideCentrePage: "guideCentre",
  feeCalculatorTexts: "feeCalculator",
  venueDemoTexts: "venueDemo",
  venueDemoSectionTexts: "venueDemoSection",
  venueMapTexts: "venueMaps",
  productPictureTexts: "productPictures",
};

/** Every picture of the published guides (a draft's pictures are never emitted). */
async function publishedPictures(): Promise<Picture[]> {
  return (await readContent()).guides.flatMap((guide) => guide.pictures);
}

/**
 * Each part is a module of its own that store.ts re-exports: a script gets the chunk of the parts it uses only,
 * where one module holding them all would be one chunk shared by every island that uses any of them.
 */
const partPrefix = "virtual:boothpilot-content/";

/**
 * A broken content file fails the build here, with the file and the field in the message. `pictures: false` for
 * a build whose output has the pictures already (the site script's, ADR 12).
 */
export function contentPlugin({ pictures = true } = {}): Plugin {
  // Read once per build (or until a content file changes in development), whichever part is loaded first.
  let content: ReturnType<typeof readContent> | undefined;
  return {
    name: "boothpilot-content",
    buildStart() {
      content = undefined;
    },
    resolveId(id) {
      return id.startsWith(partPrefix) ? `\0${id}` : null;
    },
    async load(id) {
      const root = contentRoot();
      if (id.split("?")[0] === storeFile) {
        this.addWatchFile(`${root}/content`);
        return Object.keys(storeExports)
          .map((name) => `export { value as ${name} } from "${partPrefix}${name}";`)
          .join("\n");
      }
      if (!id.startsWith(`\0${partPrefix}`)) return null;
      const part = storeExports[id.slice(partPrefix.length + 1)];
      if (!part) return null;
      this.addWatchFile(`${root}/content`);
      content ??= readContent(root);
      // JSON.parse of a string parses faster than the same object literal (hundreds of guides); pure, so a
      // part no module uses leaves the bundle.
      return `export const value = /* @__PURE__ */ JSON.parse(${JSON.stringify(JSON.stringify((await content)[part]))});`;
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
        content = undefined;
        for (const id of [
          storeFile,
          ...Object.keys(storeExports).map((name) => `\0${partPrefix}${name}`),
        ]) {
          const module = server.moduleGraph.getModuleById(id);
          if (module) server.moduleGraph.invalidateModule(module);
        }
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
