// The content schema: every kind of page under content/, for the build's reader and Keystatic's editor alike.
import { collection, config, fields } from "@keystatic/core";
import { editorStorage } from "./app/content/editor-storage.ts";
import { guidesCollection } from "./app/content/guides-collection.ts";

/** The three-part head every page carries: shown in search results and share cards. */
const head = fields.object(
  {
    title: fields.text({ label: "Title", validation: { isRequired: true } }),
    description: fields.text({
      label: "Description",
      multiline: true,
      validation: { isRequired: true },
    }),
    keywords: fields.array(fields.text({ label: "Keyword", validation: { isRequired: true } }), {
      label: "Keywords",
      itemLabel: (props) => props.value,
    }),
  },
  { label: "Head (search results and share card)" },
);

/** Left out of every build, sitemap and feed while set. */
const draft = fields.checkbox({
  label: "Draft",
  description: "A draft is in no build, sitemap or feed.",
  defaultValue: false,
});

export default config({
  storage: editorStorage(),
  ui: { brand: { name: "BoothPilot content" } },
  collections: {
    guides: guidesCollection,
    testimonials: collection({
      label: "Testimonials",
      slugField: "name",
      path: "content/testimonials/*",
      format: { data: "yaml" },
      columns: ["role", "sample"],
      schema: {
        name: fields.slug({
          name: { label: "Name", description: 'Under the quote: "Maria, flea market organizer".' },
        }),
        order: fields.integer({
          label: "Position among the testimonials",
          validation: { isRequired: true, min: 1 },
        }),
        role: fields.text({
          label: "Role",
          description: '"flea market organizer"',
          validation: { isRequired: true },
        }),
        quote: fields.text({
          label: "Quote",
          description: "The organizer's own words, with their permission.",
          multiline: true,
          validation: { isRequired: true },
        }),
        sample: fields.checkbox({
          label: "Sample",
          description:
            'Invented wording, not an organizer\'s: the page marks it "Sample" and launch-check fails until it is replaced and this is cleared.',
          defaultValue: false,
        }),
      },
    }),
    eventTypes: collection({
      label: "Event type pages",
      slugField: "name",
      path: "content/event-types/*",
      format: { data: "yaml" },
      previewUrl: "/event-types/{slug}",
      columns: ["order"],
      schema: {
        name: fields.slug({
          name: {
            label: "Name",
            description:
              'In the navigation and the badge: "Flea Markets". The page address follows it.',
          },
        }),
        draft,
        order: fields.integer({
          label: "Position in the navigation",
          validation: { isRequired: true, min: 1 },
        }),
        noun: fields.text({
          label: "What the organizer sets up",
          description: 'In "Set up your flea market in about 5 minutes": "flea market".',
          validation: { isRequired: true },
        }),
        headline: fields.text({ label: "Headline", validation: { isRequired: true } }),
        subline: fields.text({
          label: "Subline",
          multiline: true,
          validation: { isRequired: true },
        }),
        ctaLabel: fields.text({
          label: "Sign-up button",
          description: '"Start Your Flea Market"',
          validation: { isRequired: true },
        }),
        featuresTitle: fields.text({ label: "Features heading", validation: { isRequired: true } }),
        features: fields.array(
          fields.object({
            title: fields.text({ label: "Title", validation: { isRequired: true } }),
            body: fields.text({ label: "Text", multiline: true, validation: { isRequired: true } }),
          }),
          {
            label: "Features",
            itemLabel: (props) => props.fields.title.value,
            validation: { length: { min: 1 } },
          },
        ),
        letsGoTitle: fields.text({ label: "Closing heading", validation: { isRequired: true } }),
        showSampleEvent: fields.checkbox({
          label: "Link the sample event page",
          defaultValue: false,
        }),
        showTestimonials: fields.checkbox({ label: "Show the testimonials", defaultValue: false }),
        venueMap: fields.object(
          {
            layout: fields.select({
              label: "Layout",
              options: [
                { label: "Tables in rows", value: "table-rows" },
                { label: "Food trucks along a drive lane", value: "truck-lane" },
                { label: "Stalls along a market street", value: "stall-street" },
                { label: "Booths in a grid", value: "booth-grid" },
                { label: "Gallery wall bays", value: "gallery" },
                { label: "Tents around a centre", value: "tent-ring" },
                { label: "Stalls around a centre", value: "stall-ring" },
              ],
              defaultValue: "booth-grid",
            }),
            description: fields.text({
              label: "What the map shows (its text alternative)",
              validation: { isRequired: true },
            }),
            priceUsd: fields.integer({
              label: "Standard spot price in USD",
              validation: { isRequired: true, min: 1 },
            }),
            centre: fields.text({
              label: "Centre or stage label",
              description: "A stage beside a booth grid, or what tents and stalls ring around.",
            }),
          },
          { label: "Venue map" },
        ),
        head,
      },
    }),
  },
});
