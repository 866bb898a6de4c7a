// The guides' schema in the editor and for the build's reader: the collection keystatic.config.ts lists as "guides".
import { collection, fields } from "@keystatic/core";
import { picturesDirectory, picturesPublicPath } from "./picture-folders.ts";

/** Where an entry's pictures go: content/pictures/guides/<slug>/ (ADR 44), outside public/. */
const guidePictures = {
  directory: `${picturesDirectory}/guides`,
  publicPath: `${picturesPublicPath}guides/`,
};

const altText = fields.text({
  label: "Alt text",
  description: "What the picture shows, for someone who cannot see it. Required.",
  multiline: true,
  validation: { isRequired: true },
});

export const guidesCollection = collection({
  label: "Guides",
  slugField: "title",
  path: "content/guides/*",
  format: { contentField: "body" },
  entryLayout: "content",
  previewUrl: "/guides/{slug}",
  columns: ["title", "publishedDate"],
  schema: {
    title: fields.slug({
      name: { label: "Title", description: "The guide's heading. Its address follows it." },
    }),
    description: fields.text({
      label: "Description",
      description:
        "One or two sentences: in the listing, search results, the share card and the feed.",
      multiline: true,
      validation: { isRequired: true, length: { max: 300 } },
    }),
    publishedDate: fields.date({ label: "Published", validation: { isRequired: true } }),
    updatedDate: fields.date({ label: "Updated", validation: { isRequired: true } }),
    // Chosen among the event-type pages (collection "eventTypes"); the build stops on a name that is none.
    eventTypes: fields.multiRelationship({
      label: "Event types it serves",
      description: "The guide is listed on each one's guides page and event-type page.",
      collection: "eventTypes",
      validation: { length: { min: 1 } },
    }),
    cover: fields.conditional(fields.checkbox({ label: "Cover picture", defaultValue: false }), {
      true: fields.object({
        image: fields.image({
          label: "Picture",
          ...guidePictures,
          validation: { isRequired: true },
        }),
        alt: altText,
      }),
      false: fields.empty(),
    }),
    draft: fields.checkbox({
      label: "Draft",
      description: "A draft is in no page, sitemap or feed.",
      defaultValue: false,
    }),
    body: fields.markdoc({
      label: "Body",
      extension: "mdoc",
      options: { image: { ...guidePictures, schema: { alt: altText } } },
    }),
  },
});
