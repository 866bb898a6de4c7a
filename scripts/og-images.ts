// Build step after `react-router build`: one 1200x630 share card per route, the touch icons and the web manifest.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import satori from "satori";
import sharp from "sharp";
import { runnerImport } from "vite";
import { parseBuildEnv } from "../app/config/build-env.ts";
import { siteRoutes } from "../app/config/paths.ts";
import { siteTexts } from "../app/content/store.ts";

const root = join(import.meta.dirname, "..");
const clientDir = join(root, "build", "client");
/** A share card must stay small enough for every network that fetches it (chat apps give up on large ones). */
export const maxCardBytes = 100 * 1024;

// The card copy lives in app/ (extensionless imports, __BUILD_ENV__): load it the way the build does.
async function loadAppModule<T>(file: string): Promise<T> {
  const loaded = await runnerImport<T>(join(root, file), {
    configFile: false,
    root,
    logLevel: "error",
    define: { __BUILD_ENV__: JSON.stringify(parseBuildEnv(process.env)) },
  });
  return loaded.module;
}
const cards =
  await loadAppModule<typeof import("../app/lib/share-card.ts")>("app/lib/share-card.ts");
const { siteConfig } =
  await loadAppModule<typeof import("../app/config/site.ts")>("app/config/site.ts");

const require = createRequire(import.meta.url);
const fontFile = (weight: number) =>
  join(
    dirname(require.resolve("@fontsource/inter/package.json")),
    "files",
    `inter-latin-${weight}-normal.woff`,
  );
const fonts = [
  {
    name: "Inter",
    data: await readFile(fontFile(400)),
    weight: 400 as const,
    style: "normal" as const,
  },
  {
    name: "Inter",
    data: await readFile(fontFile(700)),
    weight: 700 as const,
    style: "normal" as const,
  },
];
// The logo file: the same drawing as the favicon and the mark in the header and footer (a test holds them equal).
const logoSvg = await readFile(join(root, "public", "logo.svg"), "utf8");
const logoDataUri = `data:image/svg+xml;base64,${Buffer.from(logoSvg).toString("base64")}`;

const colors = { brand: "#1f3a93", brandLight: "#dbe6fe", ink: "#0f172a", muted: "#475569" };

/** A satori element without JSX (this script runs in plain Node). */
type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra = {},
): Node => ({
  type,
  props: { style, children, ...extra },
});

function cardTree(card: { title: string; section: string }): Node {
  return el(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      justifyContent: "flex-start",
      padding: "56px 80px 64px",
      backgroundColor: "#ffffff",
      borderTop: `24px solid ${colors.brand}`,
      fontFamily: "Inter",
    },
    [
      el("div", { display: "flex", alignItems: "center", gap: 24 }, [
        el("img", { width: 72, height: 72 }, undefined, {
          src: logoDataUri,
          width: 72,
          height: 72,
        }),
        el("div", { fontSize: 44, fontWeight: 700, color: colors.brand }, siteConfig.name),
      ]),
      el("div", { display: "flex", flexDirection: "column", gap: 20, marginTop: 112 }, [
        el(
          "div",
          {
            fontSize: 30,
            fontWeight: 700,
            color: colors.muted,
            textTransform: "uppercase",
            letterSpacing: 2,
          },
          card.section,
        ),
        el(
          "div",
          { fontSize: 60, fontWeight: 700, color: colors.ink, lineHeight: 1.15, maxWidth: 1000 },
          card.title,
        ),
      ]),
    ],
  );
}

/**
 * Rasterized by libvips off the main thread, so the cards of a large guide centre render on every core; drawn at
 * the density that turns the SVG's own width (`svgWidth`, at 72 dpi) into `width`, never scaled up from a smaller
 * bitmap.
 */
async function renderPng(svg: string, width: number, svgWidth = width): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * width) / svgWidth })
    .resize({ width })
    .png()
    .toBuffer();
}

async function writeCards(): Promise<void> {
  await mkdir(join(clientDir, "og"), { recursive: true });
  const written: Promise<void>[] = [];
  for (const route of siteRoutes) {
    const card = cards.shareCardFor(route.path);
    // biome-ignore lint/suspicious/noExplicitAny: satori types its input as a React node; ours is the same shape without React.
    const svg = await satori(cardTree(card) as any, { ...cards.shareCardSize, fonts });
    // Laid out here one by one; rasterized and written while the next is laid out.
    written.push(
      renderPng(svg, cards.shareCardSize.width).then((png) => {
        if (png.length > maxCardBytes)
          throw new Error(`${card.image} is ${png.length} bytes, over the ${maxCardBytes} allowed`);
        return writeFile(join(clientDir, card.image), png);
      }),
    );
  }
  await Promise.all(written);
}

async function writeIcons(): Promise<void> {
  const logoWidth = (await sharp(Buffer.from(logoSvg)).metadata()).width;
  for (const [file, size] of [
    ["apple-touch-icon.png", 180],
    ["icon-192.png", 192],
    ["icon-512.png", 512],
  ] as const) {
    await writeFile(join(clientDir, file), await renderPng(logoSvg, size, logoWidth));
  }
  const manifest = {
    name: siteConfig.name,
    short_name: siteConfig.name,
    description: siteTexts.tagline,
    start_url: "/",
    display: "browser",
    background_color: "#ffffff",
    theme_color: colors.brand,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  await writeFile(join(clientDir, "site.webmanifest"), `${JSON.stringify(manifest, null, 2)}\n`);
}

const started = performance.now();
await writeCards();
await writeIcons();
console.log(
  `og-images: ${siteRoutes.length} share cards, 3 icons and the web manifest in ${Math.round(performance.now() - started)} ms`,
);
