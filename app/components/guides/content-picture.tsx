// A raster picture of content (ADR 44): AVIF and WebP copies by width, the box reserved by width and height, the
// page's largest picture fetched at once and the others when scrolled near.
import type { Picture } from "../../content/pictures";

interface ContentPictureProps {
  picture: Picture;
  /** The width the picture is shown at, for the browser to pick a copy (the `sizes` attribute). */
  sizes: string;
  caption?: string;
  className?: string;
}

export function ContentPicture({ picture, sizes, caption, className = "" }: ContentPictureProps) {
  const eager = picture.loading === "eager";
  const image = (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={picture.src}
        alt={picture.alt}
        width={picture.width}
        height={picture.height}
        loading={picture.loading}
        decoding={eager ? "sync" : "async"}
        fetchPriority={eager ? "high" : "auto"}
        className="h-auto w-full rounded-lg border border-slate-200 bg-slate-50"
      />
    </picture>
  );
  return (
    <figure className={className}>
      {image}
      {caption ? <figcaption className="mt-2 text-sm text-muted">{caption}</figcaption> : null}
    </figure>
  );
}
