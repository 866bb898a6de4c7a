// A guide's body: the Markdoc tree read at build time (app/content/guides.ts) rendered as React, its pictures as
// <ContentPicture>.
import Markdoc, { type RenderableTreeNode } from "@markdoc/markdoc";
import * as React from "react";
import type { Picture } from "../../content/pictures";
import { ContentPicture } from "./content-picture";

/** The body column's width: a picture in it is shown at most this wide. */
const bodyPictureSizes = "(min-width: 48rem) 46rem, calc(100vw - 2rem)";

function BodyPicture({ picture, caption }: { picture: Picture; caption?: string }) {
  return (
    <ContentPicture picture={picture} sizes={bodyPictureSizes} caption={caption} className="my-8" />
  );
}

export function GuideBody({ body }: { body: RenderableTreeNode[] }) {
  return (
    <div className="guide-body">
      {Markdoc.renderers.react(body, React, { components: { Picture: BodyPicture } })}
    </div>
  );
}
