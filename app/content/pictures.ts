// Raster pictures of content (ADR 44): an original under content/pictures/ becomes AVIF and WebP copies at a few
// widths through sharp, named by the original's hash; a page gets their srcset, width and height. Node only.
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import sharp from "sharp";
import { picturesDirectory, picturesPublicPath } from "./picture-folders.ts";

/** The URL folder of the converted copies: under /assets/, so the server serves them as immutable files. */
export const pictureUrlFolder = "assets/pictures";

/** Widths made of each picture (never wider than its original). */
export const pictureWidths = [480, 960, 1440, 1920] as const;

/** AVIF first: a browser takes the first <source> it supports, and AVIF is the smaller of the two. */
export const pictureFormats = ["avif", "webp"] as const;
export type PictureFormat = (typeof pictureFormats)[number];

export interface PictureVariant {
  /** Path under the client build folder, also the URL path without its leading slash. */
  fileName: string;
  width: number;
  format: PictureFormat;
}

/** What a page needs to show a picture; JSON, so it can travel inside the content a build inlines. */
export interface Picture {
  alt: string;
  /** The largest copy's size: the <img>'s width and height, which reserve its box before it loads. */
  width: number;
  height: number;
  /** The fallback <img src>: the WebP copy nearest 960 px. */
  src: string;
  /** One srcset per format, in the order of pictureFormats. */
  sources: { type: `image/${PictureFormat}`; srcset: string }[];
  /** The largest picture of a page loads at once, the others when scrolled near (set by the page's reader). */
  loading: "eager" | "lazy";
  /** The original, relative to the content root, and its copies. */
  original: string;
  variants: PictureVariant[];
}

/** The file a content path names, or an error saying where originals belong. */
export function originalFile(src: string): string {
  if (!src.startsWith(picturesPublicPath) || src.includes(".."))
    throw new Error(
      `picture ${src} must be under ${picturesPublicPath} (Keystatic's image folder)`,
    );
  return `${picturesDirectory}/${src.slice(picturesPublicPath.length)}`;
}

/** The widths to make of an original `width` px wide: each standard width below it, and at most 1920. */
export function widthsFor(width: number): number[] {
  const largest = Math.min(width, pictureWidths[pictureWidths.length - 1] ?? width);
  return [...new Set([...pictureWidths.filter((w) => w < largest), largest])];
}

/**
 * Reads an original's size and names its copies; converts nothing (copyOf does, when the build or the dev server
 * asks). `root` is the folder holding content/.
 */
export async function describePicture(src: string, alt: string, root: string): Promise<Picture> {
  if (alt.trim() === "") throw new Error(`picture ${src}: alt text is required`);
  const original = originalFile(src);
  const bytes = await readFile(join(root, original));
  const meta = await sharp(bytes).metadata();
  if (!meta.width || !meta.height) throw new Error(`picture ${src}: not an image sharp can read`);
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
  const stem = basename(original, extname(original)).replace(/[^a-z0-9-]+/gi, "-");
  const slug = basename(join(original, ".."));
  const widths = widthsFor(meta.width);
  const variants = pictureFormats.flatMap((format) =>
    widths.map((width) => ({
      fileName: `${pictureUrlFolder}/${slug}-${stem}-${hash}-${width}.${format}`,
      width,
      format,
    })),
  );
  const largest = widths[widths.length - 1] as number;
  const fallbackWidth = widths.find((w) => w >= 960) ?? largest;
  const url = (variant: PictureVariant) => `/${variant.fileName}`;
  return {
    alt,
    width: largest,
    height: Math.round((meta.height * largest) / meta.width),
    src: url(
      variants.find((v) => v.format === "webp" && v.width === fallbackWidth) as PictureVariant,
    ),
    sources: pictureFormats.map((format) => ({
      type: `image/${format}` as const,
      srcset: variants
        .filter((v) => v.format === format)
        .map((v) => `${url(v)} ${v.width}w`)
        .join(", "),
    })),
    loading: "lazy",
    original,
    variants,
  };
}

/** Marks the largest of a page's pictures (by area; the first of equals) to load eagerly, the rest lazily. */
export function markLargestEager(pictures: readonly Picture[]): void {
  let largest: Picture | undefined;
  for (const picture of pictures) {
    picture.loading = "lazy";
    if (!largest || picture.width * picture.height > largest.width * largest.height)
      largest = picture;
  }
  if (largest) largest.loading = "eager";
}

/** Converted copies kept between builds: AVIF takes about a second a picture, the hash in the name keys them. */
const cacheFolder = join(process.cwd(), "node_modules", ".cache", "boothpilot-pictures");

/** The bytes of one copy, converted by sharp or taken from the cache. */
export async function copyOf(
  picture: Pick<Picture, "original">,
  variant: PictureVariant,
  root: string,
): Promise<Buffer> {
  const cached = join(cacheFolder, basename(variant.fileName));
  try {
    return await readFile(cached);
  } catch {
    // Not converted yet.
  }
  const resized = sharp(join(root, picture.original)).autoOrient().resize({ width: variant.width });
  const bytes =
    variant.format === "avif"
      ? await resized.avif({ quality: 55, effort: 4 }).toBuffer()
      : await resized.webp({ quality: 78 }).toBuffer();
  await mkdir(cacheFolder, { recursive: true });
  await writeFile(cached, bytes);
  return bytes;
}
