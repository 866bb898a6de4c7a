// The content schema: every kind of page under content/, for the build's reader and Keystatic's editor alike.
import { type ComponentSchema, collection, config, fields, singleton } from "@keystatic/core";
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

/** A heading and its text: a card, a feature or a principle in a list. */
const titledItems = (label: string, options: { min?: number } = {}) =>
  fields.array(
    fields.object({
      title: fields.text({ label: "Title", validation: { isRequired: true } }),
      body: fields.text({ label: "Text", multiline: true, validation: { isRequired: true } }),
    }),
    {
      label,
      itemLabel: (props) => props.fields.title.value,
      validation: { length: { min: options.min ?? 1 } },
    },
  );

const requiredText = (label: string, description?: string) =>
  fields.text({ label, description, validation: { isRequired: true } });
const paragraphText = (label: string, description?: string) =>
  fields.text({ label, description, multiline: true, validation: { isRequired: true } });

/** A list of texts: paragraphs, or the checked points of a card. */
const textList = (label: string, itemLabel = "Text") =>
  fields.array(paragraphText(itemLabel), {
    label,
    itemLabel: (props) => props.value,
    validation: { length: { min: 1 } },
  });

/** A pricing card: who pays, the figure large (a placeholder, never the number), and the details below it. */
const priceCard = (label: string) =>
  fields.object(
    {
      audience: requiredText("Who pays", 'The card\'s heading: "Organizers".'),
      price: requiredText("Figure", "A placeholder, such as {{organizerPrice}}."),
      unit: requiredText("Unit", 'Beside the figure: "forever", "per transaction".'),
      summary: paragraphText("Summary"),
      points: textList("Points", "Point"),
    },
    { label },
  );

/** One acceptance model on /how-it-works: its name, what it is, when to choose it and its numbered steps. */
const acceptanceModel = (label: string) =>
  fields.object(
    {
      name: requiredText("Name", 'The product\'s own name for the model: "Pick & Pay".'),
      summary: paragraphText("Summary"),
      bestFor: paragraphText("Best for"),
      steps: textList("Steps", "Step"),
    },
    { label },
  );

/** A feature page's second section: its heading, introduction and items (steps or named items). */
const detailSection = fields.object({
  title: requiredText("Heading"),
  intro: paragraphText("Introduction"),
  items: titledItems("Items"),
});

/** A legal or info page (the policies, press, careers): sections of paragraphs, lists, links and tables. */
const legalPage = (label: string, page: string) =>
  singleton({
    label,
    path: `content/pages/${page}`,
    format: { data: "yaml" },
    previewUrl: `/${page}`,
    schema: {
      head,
      title: requiredText("Heading"),
      intro: paragraphText("Introduction"),
      effectiveDate: fields.text({
        label: "Effective date line",
        description: 'Under the heading: "Effective date: {{effectiveDate}}". Empty for none.',
      }),
      sections: fields.array(
        fields.object({
          id: requiredText(
            "Anchor",
            "The section's address on the page: /privacy-policy#children.",
          ),
          title: requiredText("Heading"),
          blocks: fields.blocks(
            {
              paragraph: {
                label: "Paragraph",
                schema: paragraphText("Text", "Text in `backticks` shows as code."),
              },
              list: { label: "List", schema: textList("Items", "Item") },
              link: {
                label: "Link",
                schema: fields.object({
                  label: requiredText("Link text"),
                  to: requiredText("Address", "A page or file of this site: /cookies, /logo.svg."),
                }),
              },
              table: {
                label: "Table",
                schema: fields.object({
                  caption: requiredText("Caption"),
                  columns: textList("Column headers", "Header"),
                  rows: fields.array(
                    fields.object({
                      cells: textList("Cells", "Cell (the first is the row's header)"),
                    }),
                    {
                      label: "Rows",
                      itemLabel: (props) => props.fields.cells.elements[0]?.value ?? "",
                      validation: { length: { min: 1 } },
                    },
                  ),
                }),
              },
            },
            { label: "Blocks", validation: { length: { min: 1 } } },
          ),
        }),
        {
          label: "Sections",
          itemLabel: (props) => props.fields.title.value,
          validation: { length: { min: 1 } },
        },
      ),
      mailboxes: fields.array(
        fields.object({
          mailbox: fields.select({
            label: "Mailbox",
            description: "The addresses are set for the build (MAIL_DOMAIN and MAIL_*).",
            options: [
              { label: "General (hello@)", value: "general" },
              { label: "Press", value: "press" },
              { label: "Careers", value: "careers" },
            ],
            defaultValue: "general",
          }),
          label: requiredText("Label"),
        }),
        {
          label: "Mailboxes in the contact section (the page's own first)",
          itemLabel: (props) => props.fields.label.value,
          validation: { length: { min: 1 } },
        },
      ),
    },
  });

/** A link to a page of this site: its text and its address. */
const siteLinks = (label: string) =>
  fields.array(
    fields.object({
      label: requiredText("Text"),
      to: requiredText("Address", "A page of this site: /pricing."),
    }),
    { label, itemLabel: (props) => props.fields.label.value, validation: { length: { min: 1 } } },
  );

/** A page's opening: the small badge above the heading, the heading (<h1>) and the sentence under it. */
const heroFields = {
  badge: requiredText("Badge"),
  title: requiredText("Heading"),
  subline: paragraphText("Subline"),
};
const hero = fields.object(heroFields, { label: "Opening" });

/**
 * A product picture (app/components/product/): the window's title, what it shows for screen readers (the drawing
 * is one image), its caption, and its own texts.
 */
function productPicture<Fields extends Record<string, ComponentSchema>>(
  label: string,
  own: Fields,
  placeholder = "",
) {
  return fields.object(
    {
      name: requiredText("Window title"),
      label: paragraphText(
        "What it shows",
        `Read by screen readers: the drawing is one image. ${placeholder}`.trim(),
      ),
      caption: paragraphText("Caption"),
      ...own,
    },
    { label },
  );
}

const secondVendor = "{{vendor}} is the name of the venue demo's second waiting vendor.";

/** An acceptance model's steps, each an icon and a word under it. */
const modelPicture = (label: string) =>
  fields.object(
    {
      label: paragraphText("What it shows", "Read by screen readers."),
      steps: fields.array(
        fields.object({
          icon: fields.select({
            label: "Icon",
            options: [
              { label: "A form", value: "form" },
              { label: "A check mark", value: "check" },
              { label: "An email", value: "mail" },
              { label: "A card", value: "card" },
              { label: "A map pin", value: "pin" },
              { label: "A taken booth", value: "taken" },
            ],
            defaultValue: "form",
          }),
          word: requiredText("Word under it"),
        }),
        {
          label: "Steps",
          itemLabel: (props) => props.fields.word.value,
          validation: { length: { min: 1 } },
        },
      ),
    },
    { label },
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
  singletons: {
    site: singleton({
      label: "On every page: navigation, buttons, closing call to action",
      path: "content/site",
      format: { data: "yaml" },
      schema: {
        tagline: requiredText(
          "The site in one line",
          "The web manifest's description: what a browser shows when it offers to install the site as an app.",
        ),
        header: fields.object(
          {
            home: requiredText("Link home", "Read by screen readers on the logo."),
            eventTypes: requiredText("Event types menu"),
            main: siteLinks("Main links"),
            login: requiredText("Login link"),
            signUp: requiredText("Sign-up button", "Also the sign-up button of every page."),
            menu: requiredText("Menu button (phones)"),
            close: requiredText("Close button (phones)"),
            skipLink: requiredText("Skip link", "The first link, for keyboard users."),
            mainNav: requiredText("Main navigation's name", "Read by screen readers."),
            mobileNav: requiredText("Phone menu's name", "Read by screen readers."),
          },
          { label: "Header" },
        ),
        footer: fields.object(
          {
            blurb: paragraphText("Blurb"),
            links: siteLinks("Links"),
            linksNav: requiredText("Links' name", "Read by screen readers."),
            socialNav: requiredText("Social profiles' name", "Read by screen readers."),
            copyright: requiredText("Copyright line"),
          },
          { label: "Footer" },
        ),
        buttons: fields.object(
          {
            watchDemo: requiredText("Watch the demo"),
            playDemo: requiredText("Play the demo video (home)"),
            scheduleDemo: requiredText("Schedule a demo (event-type pages)"),
            letsGo: requiredText("Let's go (event-type pages)"),
            sampleEvent: requiredText("Sample event page (event-type pages)"),
            contact: requiredText("Contact"),
            allFeatures: requiredText("All features"),
            howItWorks: requiredText("How it works"),
            pricing: requiredText("Pricing"),
          },
          { label: "Buttons and links several pages share" },
        ),
        closing: fields.object(
          { title: requiredText("Heading"), body: paragraphText("Text") },
          { label: "Closing call to action (most pages end with it)" },
        ),
        eventTypeClosing: paragraphText(
          "Closing text of the event-type pages",
          "Under each page's closing heading. {{noun}} is the page's own noun: \"Set up your {{noun}} in about…\".",
        ),
        eventTypeBadge: requiredText(
          "Badge of the event-type pages",
          "Above each page's heading. {{EventType}} is the page's name as in the menu: \"For {{EventType}}\".",
        ),
        exploreFeature: requiredText(
          "Link of a feature page's card (home and the other feature pages)",
          '{{feature}} is the feature page\'s name: "Explore {{feature}}".',
        ),
        testimonials: fields.object(
          { title: requiredText("Heading"), intro: paragraphText("Introduction") },
          { label: "Testimonials on the event-type pages that show them" },
        ),
        scrollHint: requiredText(
          "Under a table that scrolls sideways",
          "Shown on narrow screens only.",
        ),
        legalContact: fields.object(
          { title: requiredText("Heading"), intro: requiredText("Introduction") },
          { label: "Contact section of the legal and info pages" },
        ),
      },
    }),
    islands: singleton({
      label: "Fee calculator, venue demo and venue maps",
      path: "content/islands",
      format: { data: "yaml" },
      schema: {
        feeCalculator: fields.object(
          {
            title: requiredText("Heading"),
            calculatorLabel: requiredText("Name of the inputs' group", "Read by screen readers."),
            intro: paragraphText("Introduction"),
            priceLabel: requiredText("Booth price field"),
            vendorsLabel: requiredText("Number of vendors field"),
            resultTitle: requiredText("Heading of the result"),
            rows: fields.object(
              {
                vendorPays: requiredText("What the vendor pays", "Also a column of the examples."),
                processingFee: requiredText("The processing fee"),
                organizerReceives: requiredText("What the organizer receives per vendor"),
                organizerTotal: requiredText("What the organizer receives in total"),
                organizerPaysPlatform: requiredText("What the organizer pays the platform"),
              },
              { label: "Rows of the result" },
            ),
            assumptions: textList("Assumptions beside the result", "Assumption"),
            exampleTitle: requiredText("Heading of the worked examples"),
            exampleCaption: requiredText("Caption of the worked examples' table"),
            exampleColumns: fields.object(
              {
                boothPrice: requiredText("Booth price"),
                processingFee: requiredText("Processing fee"),
                organizerReceives: requiredText("What the organizer receives"),
              },
              { label: "The worked examples' other columns" },
            ),
          },
          { label: "Fee calculator (/pricing)" },
        ),
        venueDemo: fields.object(
          {
            title: requiredText("Heading (venue-mapping feature page)"),
            intro: paragraphText("Introduction (venue-mapping feature page)"),
            compactTitle: requiredText("Heading (home page)"),
            compactIntro: paragraphText("Introduction (home page)"),
            mapLabel: requiredText("The map's name", "Read by screen readers."),
            publicMapLabel: requiredText("The public view's name", "Read by screen readers."),
            modesLabel: requiredText("Name of the view buttons", "Read by screen readers."),
            modes: fields.object(
              {
                organizer: requiredText("Organizer"),
                public: requiredText("Public view"),
                vendor: requiredText("Pick & pay"),
              },
              { label: "View buttons" },
            ),
            waitingTitle: requiredText("Waiting vendors heading"),
            vendorCard: fields.object(
              {
                waiting: requiredText("Not yet on a booth"),
                inBooth: requiredText("On a booth", "{{booth}} is the booth."),
                about: requiredText(
                  "Under the name",
                  "{{category}} is the vendor's category, {{preference}} their booth wish in lower case.",
                ),
              },
              { label: "A waiting vendor's card" },
            ),
            assignments: fields.object(
              {
                assigned: paragraphText(
                  "After assigning a vendor",
                  "{{vendor}} is the vendor's name, {{booth}} the booth.",
                ),
                moved: paragraphText(
                  "After moving a vendor to another booth",
                  "{{vendor}} is the vendor's name, {{from}} the booth they leave, {{booth}} the new one.",
                ),
                alreadyThere: paragraphText(
                  "After assigning a vendor to the booth they are on",
                  "{{vendor}} is the vendor's name, {{booth}} the booth.",
                ),
                refused: paragraphText(
                  "After choosing a taken booth",
                  "{{booth}} is the booth, {{vendor}} the name of the vendor on it.",
                ),
              },
              { label: "Organizer view: the line after choosing a booth" },
            ),
            chooseHint: paragraphText("Hint with a mouse or keyboard"),
            tapHint: paragraphText("Hint on a touch screen"),
            chosenKeys: paragraphText(
              "After choosing a vendor with a mouse or keyboard",
              "{{vendor}} is the vendor's name.",
            ),
            chosenTap: paragraphText(
              "After choosing a vendor on a touch screen",
              "{{vendor}} is the vendor's name.",
            ),
            noScript: paragraphText("Without JavaScript"),
            publicTitle: requiredText("Public view heading"),
            markedLabel: requiredText(
              "After the booth last picked",
              'Read by screen readers: "Booth A2, …, your last choice".',
            ),
            availableCount: requiredText(
              "Available booths (public view)",
              "{{count}} is how many booths are open.",
            ),
            sizes: paragraphText(
              "Booth sizes and prices",
              "The demo's prices are set in code (app/content/venue-layouts.ts): change both.",
            ),
            legend: fields.object(
              {
                open: requiredText("Open"),
                premium: requiredText("Premium"),
                assigned: requiredText("Assigned"),
                taken: requiredText("Taken"),
              },
              { label: "Legend" },
            ),
            vendors: fields.array(
              fields.object({
                name: requiredText("Name"),
                short: requiredText("Short name", "Drawn inside a booth: about 12 characters."),
                category: requiredText("Category"),
                preference: requiredText("Booth wish"),
                website: requiredText("Website"),
                social: requiredText("Social handle"),
              }),
              {
                label: "Waiting vendors (the first four also in the product pictures)",
                itemLabel: (props) => props.fields.name.value,
                validation: { length: { min: 4 } },
              },
            ),
            bookedVendors: fields.array(requiredText("Name"), {
              label: "Vendors on the booths already taken, in booth order",
              description: "One for each of the seven booths the demo's map marks taken.",
              itemLabel: (props) => props.value,
              // The demo's layout (app/content/venue-layouts.ts) marks seven booths taken.
              validation: { length: { min: 7 } },
            }),
            pickAndPayVendor: requiredText("The vendor who picks and pays"),
            booths: fields.object(
              {
                detail: requiredText(
                  "A booth, read by screen readers (organizer and Pick & pay views)",
                  '"Booth {{booth}}, {{kind}}, {{price}}: {{holder}}": {{kind}} is one of the two kinds below, {{holder}} "open" or "taken by …".',
                ),
                public: requiredText(
                  "A booth, read by screen readers (public view)",
                  '"Booth {{booth}}: {{holder}}": {{holder}} is the vendor\'s name or "available".',
                ),
                standard: requiredText("Kind: a standard booth"),
                premium: requiredText("Kind: a premium booth"),
                open: requiredText("An open booth"),
                available: requiredText("An available booth (public view)"),
                takenBy: requiredText("A taken booth", "{{vendor}} is the vendor's name."),
                taken: paragraphText(
                  "After picking a taken booth (Pick & pay)",
                  "{{booth}} is the booth, {{vendor}} the vendor's name.",
                ),
                picked: paragraphText(
                  "After picking an open booth (Pick & pay)",
                  "{{booth}} is the booth, {{total}} what the vendor pays.",
                ),
                bookAs: requiredText(
                  "Heading of the Pick & pay view",
                  "{{vendor}} is the vendor who picks and pays.",
                ),
                pickHint: paragraphText("Under that heading"),
                quote: requiredText(
                  "What the picked booth costs",
                  "{{booth}} is the booth, {{price}} its price, {{fee}} the platform fee; what the vendor pays follows, in bold.",
                ),
                pay: requiredText("Pay button", "{{total}} is what the vendor pays."),
                paid: paragraphText(
                  "After paying",
                  "{{total}} is what the vendor paid, {{booth}} the booth, {{vendor}} the vendor's name.",
                ),
              },
              { label: "Booths and the Pick & pay view" },
            ),
          },
          { label: "Venue demo (home and the venue-mapping feature page)" },
        ),
        venueMaps: fields.object(
          {
            title: requiredText("Heading (event-type pages)"),
            intro: paragraphText("Introduction (event-type pages)"),
            legend: fields.object(
              {
                open: requiredText("Open"),
                premium: requiredText("Premium"),
                taken: requiredText("Taken"),
              },
              { label: "Legend (event-type pages)" },
            ),
            areas: fields.object(
              {
                entrance: requiredText("Entrance"),
                driveLane: requiredText("Drive lane (food trucks)"),
                seating: requiredText("Seating (food trucks)"),
                marketStreet: requiredText("Market street"),
                stage: requiredText("Stage", "Also in the demo, and the default centre of stalls."),
                plaza: requiredText("Plaza", "The default centre of tents."),
              },
              { label: "Areas drawn on the maps" },
            ),
            demoFloor: paragraphText(
              "What the demo's map shows (its text alternative)",
              "Read by screen readers.",
            ),
          },
          { label: "Venue maps" },
        ),
      },
    }),
    productPictures: singleton({
      label: "Product pictures: the sample screens on home, the feature pages and how it works",
      path: "content/product-pictures",
      format: { data: "yaml" },
      schema: {
        sampleBadge: requiredText(
          "Sample badge",
          "On every picture's window, and on a testimonial still marked sample.",
        ),
        sampleEvent: requiredText(
          "The sample event's name",
          "{{event}} in the pictures' texts below.",
        ),
        dashboard: productPicture(
          "Organizer dashboard (home, /features)",
          {
            stages: fields.object(
              {
                applied: requiredText("Applied"),
                approved: requiredText("Approved"),
                paid: requiredText("Paid"),
              },
              {
                label:
                  "Statuses (the vendors and their statuses are the venue demo's, set in code)",
              },
            ),
            paidIn: requiredText("Beside the statuses' counts: the sum paid"),
            awaiting: requiredText("Payment of an approved vendor"),
            notDue: requiredText("Payment of a vendor who applied"),
          },
          "{{event}} is the sample event's name.",
        ),
        formBuilder: productPicture("Application form builder", {
          categoriesTitle: requiredText("Categories heading"),
          categories: fields.array(
            fields.object({
              name: requiredText("Name"),
              feeUsd: fields.integer({
                label: "Booth fee in USD",
                validation: { isRequired: true, min: 0 },
              }),
            }),
            {
              label: "Categories",
              itemLabel: (props) => props.fields.name.value,
              validation: { length: { min: 1 } },
            },
          ),
          fee: requiredText("A category's fee", '{{fee}} is the fee: "{{fee}} booth".'),
          questionsTitle: requiredText("Questions heading"),
          questions: fields.array(
            fields.object({
              text: requiredText("Question"),
              type: requiredText("Type", '"Text", "Dropdown"'),
              required: fields.checkbox({ label: "Required", defaultValue: false }),
            }),
            {
              label: "Questions",
              itemLabel: (props) => props.fields.text.value,
              validation: { length: { min: 1 } },
            },
          ),
          required: requiredText("A required question"),
          optional: requiredText("An optional question"),
        }),
        vendorPortal: productPicture(
          "Vendor portal",
          {
            steps: fields.array(
              fields.object({
                title: requiredText("Step"),
                detail: requiredText(
                  "Under it",
                  "{{event}} is the sample event, {{category}} the vendor's category.",
                ),
                done: fields.checkbox({
                  label: "Done",
                  description: "A step not done shows the Pay button.",
                  defaultValue: false,
                }),
              }),
              {
                label: "Steps",
                itemLabel: (props) => props.fields.title.value,
                validation: { length: { min: 1 } },
              },
            ),
            pay: requiredText("Pay button", "{{total}} is what the vendor pays (set in code)."),
          },
          secondVendor,
        ),
        email: productPicture(
          "Approval email and reminder",
          {
            from: requiredText("Sender", "{{event}} is the sample event."),
            approval: fields.object(
              {
                subject: requiredText("Subject", "{{event}} is the sample event."),
                body: paragraphText("Text"),
                link: requiredText("Button"),
                window: requiredText("Payment window"),
              },
              { label: "Approval email" },
            ),
            reminder: fields.object(
              {
                subject: requiredText("Subject"),
                body: paragraphText("Text"),
                link: requiredText("Button"),
              },
              { label: "Reminder" },
            ),
          },
          secondVendor,
        ),
        series: productPicture(
          "Event series",
          {
            title: requiredText("The series' name"),
            oneApplication: requiredText("Badge beside it"),
            statuses: fields.object(
              {
                approved: requiredText("Approved"),
                pending: requiredText("Pending"),
                notPicked: requiredText("Not picked"),
              },
              { label: "A date's status" },
            ),
            dates: fields.array(
              fields.object({
                date: requiredText("Date"),
                status: fields.select({
                  label: "Status",
                  options: [
                    { label: "Approved", value: "approved" },
                    { label: "Pending", value: "pending" },
                    { label: "Not picked", value: "notPicked" },
                  ],
                  defaultValue: "approved",
                }),
              }),
              {
                label: "Dates",
                itemLabel: (props) => props.fields.date.value,
                validation: { length: { min: 1 } },
              },
            ),
          },
          "{{vendor}} is the name of the venue demo's first waiting vendor.",
        ),
        promo: productPicture("Promo codes and add-ons", {
          promoTitle: requiredText("Promo code heading"),
          promo: fields.object(
            { code: requiredText("Code"), effect: requiredText("What it gives") },
            { label: "Promo code" },
          ),
          addOnsTitle: requiredText("Add-ons heading"),
          addOns: fields.array(
            fields.object({
              name: requiredText("Name"),
              priceUsd: fields.integer({
                label: "Price in USD",
                validation: { isRequired: true, min: 0 },
              }),
              left: fields.integer({ label: "Left", validation: { isRequired: true, min: 0 } }),
              total: fields.integer({
                label: "Inventory",
                validation: { isRequired: true, min: 1 },
              }),
            }),
            {
              label: "Add-ons",
              itemLabel: (props) => props.fields.name.value,
              validation: { length: { min: 1 } },
            },
          ),
          soldOut: requiredText("An add-on with none left"),
          stock: requiredText(
            "Under each add-on",
            '{{left}} and {{total}} are its figures: "{{left}} of {{total}} left".',
          ),
        }),
        venueMap: productPicture("Venue map (the booths are the venue demo's)", {}),
        models: fields.object(
          {
            applyApprove: modelPicture("Apply & Approve"),
            instantApprovePay: modelPicture("Instant Approve & Pay"),
            pickPay: modelPicture("Pick & Pay"),
          },
          { label: "The acceptance models drawn as steps (home, /how-it-works)" },
        ),
      },
    }),
    about: singleton({
      label: "About page",
      path: "content/pages/about",
      format: { data: "yaml" },
      previewUrl: "/about",
      schema: {
        head,
        hero,
        audience: fields.object(
          {
            title: requiredText("Heading"),
            intro: paragraphText("Introduction", "Followed by the list of event types."),
            others: titledItems("Who else uses it"),
          },
          { label: "Who it's for" },
        ),
        why: fields.object(
          {
            title: requiredText("Heading"),
            paragraphs: fields.array(paragraphText("Paragraph"), {
              label: "Paragraphs",
              itemLabel: (props) => props.value,
              validation: { length: { min: 1 } },
            }),
          },
          { label: "Why it exists" },
        ),
        principles: fields.object(
          { title: requiredText("Heading"), items: titledItems("Principles") },
          { label: "What we hold to" },
        ),
      },
    }),
    home: singleton({
      label: "Home page",
      path: "content/pages/home",
      format: { data: "yaml" },
      previewUrl: "/",
      schema: {
        head,
        hero: fields.object(
          {
            ...heroFields,
            note: paragraphText("Note", "Under the sign-up and demo buttons."),
          },
          { label: "Opening" },
        ),
        demo: fields.object(
          {
            title: requiredText("Heading"),
            intro: paragraphText("Introduction"),
            frameTitle: requiredText("The video's title", "Read by screen readers."),
            posterTitle: paragraphText(
              "What the poster shows (its text alternative)",
              "The venue map drawn where the video would be.",
            ),
          },
          { label: "Demo" },
        ),
        features: fields.object(
          {
            title: requiredText("Heading"),
            intro: paragraphText(
              "Introduction",
              "Followed by the feature pages, each with its name and summary.",
            ),
            alsoTitle: requiredText("Heading of the other features"),
            also: textList("Other features", "Feature"),
          },
          { label: "Features" },
        ),
        models: fields.object(
          {
            title: requiredText("Heading"),
            intro: paragraphText("Introduction"),
            items: titledItems("Models"),
          },
          { label: "Acceptance models" },
        ),
        proof: fields.object(
          {
            title: requiredText("Heading"),
            intro: paragraphText("Introduction", "Followed by the list of event types."),
          },
          { label: "Event types" },
        ),
        testimonialsTitle: requiredText("Testimonials heading"),
      },
    }),
    featuresOverview: singleton({
      label: "Features page",
      path: "content/pages/features",
      format: { data: "yaml" },
      previewUrl: "/features",
      schema: {
        head,
        hero,
        groups: fields.array(
          fields.object({
            id: requiredText(
              "Anchor",
              "The section's address on the page (/features#payments). The pictures beside a group are chosen by it: messaging, venue-map, applications, portal-dashboard, payments, events.",
            ),
            title: requiredText("Heading"),
            intro: paragraphText("Introduction"),
            items: fields.array(
              fields.object({
                title: requiredText("Title"),
                body: paragraphText("Text"),
                link: fields.object(
                  {
                    label: fields.text({ label: "Link text" }),
                    to: fields.text({
                      label: "Link address",
                      description: "A page of this site: /pricing, /features/automated-messaging.",
                    }),
                  },
                  { label: "Link (leave both empty for none)" },
                ),
              }),
              {
                label: "Features",
                itemLabel: (props) => props.fields.title.value,
                validation: { length: { min: 1 } },
              },
            ),
          }),
          {
            label: "Groups",
            itemLabel: (props) => props.fields.title.value,
            validation: { length: { min: 1 } },
          },
        ),
        featurePages: fields.object(
          {
            back: requiredText("Link back to this page"),
            all: requiredText("Button to this page"),
            moreTitle: requiredText("Heading of the other feature pages"),
            moreIntro: paragraphText("Introduction of the other feature pages"),
          },
          { label: "On every feature page" },
        ),
      },
    }),
    pricing: singleton({
      label: "Pricing page",
      path: "content/pages/pricing",
      format: { data: "yaml" },
      previewUrl: "/pricing",
      schema: {
        head,
        hero,
        cards: fields.object(
          {
            title: requiredText("Heading"),
            intro: paragraphText("Introduction"),
            organizers: priceCard(
              "Organizers' card (first and highlighted; the free offer in search results)",
            ),
            processing: priceCard("Payment processing card"),
            vendors: priceCard("Vendors' card"),
          },
          { label: "What it costs" },
        ),
        payments: fields.object(
          {
            title: requiredText("Heading"),
            intro: paragraphText("Introduction"),
            payoutsTitle: requiredText("Payouts heading"),
            payoutsBody: paragraphText("Payouts text"),
            methodsTitle: requiredText(
              "Payment methods heading",
              "The methods themselves come from app/config/business.ts.",
            ),
            approvalTitle: requiredText("When vendors pay: heading"),
            approvalBody: paragraphText("When vendors pay: text"),
          },
          { label: "Getting paid" },
        ),
        setup: fields.object(
          { title: requiredText("Heading"), body: paragraphText("Text") },
          { label: "First venue map" },
        ),
        cta: fields.object(
          {
            title: requiredText("Heading"),
            body: paragraphText("Text", "The buttons are the site's sign-up and contact links."),
          },
          { label: "Closing call to action" },
        ),
      },
    }),
    howItWorks: singleton({
      label: "How it works page",
      path: "content/pages/how-it-works",
      format: { data: "yaml" },
      previewUrl: "/how-it-works",
      schema: {
        head,
        hero,
        models: fields.object(
          {
            title: requiredText("Heading"),
            intro: paragraphText("Introduction"),
            numbered: requiredText(
              "Above each model's name",
              '{{number}} is its place on the page: "Model {{number}}".',
            ),
            applyApprove: acceptanceModel("Apply & Approve"),
            instantApprovePay: acceptanceModel("Instant Approve & Pay"),
            pickPay: acceptanceModel("Pick & Pay"),
          },
          { label: "The three models" },
        ),
        comparison: fields.object(
          {
            title: requiredText("Heading"),
            caption: requiredText("Table caption"),
            aspectHeader: requiredText("Header of the questions' column"),
            rows: fields.array(
              fields.object({
                aspect: requiredText("Question"),
                applyApprove: paragraphText("Apply & Approve"),
                instantApprovePay: paragraphText("Instant Approve & Pay"),
                pickPay: paragraphText("Pick & Pay"),
              }),
              {
                label: "Rows",
                itemLabel: (props) => props.fields.aspect.value,
                validation: { length: { min: 1 } },
              },
            ),
            note: paragraphText("Note under the table"),
          },
          { label: "Comparison table" },
        ),
        faq: fields.object(
          {
            title: requiredText("Heading"),
            intro: paragraphText("Introduction"),
            items: fields.array(
              fields.object({
                question: requiredText("Question"),
                answer: paragraphText("Answer"),
              }),
              {
                label: "Questions",
                itemLabel: (props) => props.fields.question.value,
                validation: { length: { min: 1 } },
              },
            ),
          },
          { label: "Frequently asked questions (also in search results)" },
        ),
      },
    }),
    privacyPolicy: legalPage("Privacy policy", "privacy-policy"),
    termsService: legalPage("Terms of service", "terms-service"),
    security: legalPage("Security", "security"),
    cookies: legalPage("Cookie policy", "cookies"),
    press: legalPage("Press", "press"),
    careers: legalPage("Careers", "careers"),
    contact: singleton({
      label: "Contact page",
      path: "content/pages/contact",
      format: { data: "yaml" },
      previewUrl: "/contact",
      schema: {
        head,
        hero,
        aside: fields.object(
          {
            title: requiredText("Heading"),
            replyTitle: requiredText("Reply promise: heading"),
            replyBody: paragraphText("Reply promise: text"),
            emailTitle: requiredText("Email: heading"),
            emailBody: paragraphText(
              "Email: text",
              "Followed by the general address (the build's).",
            ),
            demoTitle: requiredText("Demo: heading"),
            demoBody: paragraphText("Demo: text"),
          },
          { label: "Beside the form" },
        ),
      },
    }),
    guideCentre: singleton({
      label: "Guide centre (/guides and the pages of each event type's guides)",
      path: "content/pages/guides",
      format: { data: "yaml" },
      previewUrl: "/guides",
      schema: {
        head,
        badge: requiredText(
          "Badge",
          "Above the heading of /guides, and above each guide's heading.",
        ),
        title: requiredText("Heading of /guides"),
        subline: paragraphText("Under the heading of /guides", "Also the Atom feed's description."),
        feedTitle: requiredText(
          "The Atom feed's title",
          "Also the feed link's name in the head of /guides.",
        ),
        filterLabel: requiredText("Name of the event-type filter"),
        allGuides: requiredText("Filter: all guides"),
        feed: requiredText("Link to the Atom feed"),
        readingTime: requiredText(
          "Reading time",
          '{{minutes}} is the guide\'s: "{{minutes}} min read".',
        ),
        published: requiredText("Published (a guide's date)"),
        updated: requiredText("Updated (a guide's date)"),
        contents: requiredText("Heading of a guide's contents"),
        related: requiredText("Heading of related guides"),
        servesLabel: requiredText("Before the event types a guide serves"),
        eventTypeTitle: requiredText(
          "Heading of an event type's guides",
          "On /guides/type/… and the event-type pages. {{eventType}} is the event type's name in lower case.",
        ),
        eventTypeIntro: paragraphText("Introduction of an event type's guides (event-type pages)"),
        allForType: requiredText(
          "Link to all of an event type's guides (event-type pages)",
          "{{eventType}} is the event type's name in lower case.",
        ),
        cta: fields.object(
          {
            title: requiredText("Heading"),
            body: paragraphText("Text"),
            label: requiredText("Button"),
          },
          { label: "Closing call to action (each guide)" },
        ),
        eventTypeHead: fields.object(
          {
            title: requiredText("Title", "{{EventType}} is the event type's name as in the menu."),
            description: paragraphText(
              "Description",
              "{{eventType}} is the event type's name in lower case.",
            ),
            keywords: fields.array(
              requiredText("Keyword", "{{eventType}} is the event type's name in lower case."),
              { label: "Keywords", itemLabel: (props) => props.value },
            ),
          },
          { label: "Head of each /guides/type/… page" },
        ),
        guideKeyword: requiredText(
          "Keyword of a guide, per event type it serves",
          '{{eventType}} is the event type\'s name in lower case: "{{eventType}} guide".',
        ),
      },
    }),
    notFound: singleton({
      label: "Page not found (404)",
      path: "content/pages/not-found",
      format: { data: "yaml" },
      schema: {
        head: fields.object(
          { title: requiredText("Title"), description: paragraphText("Description") },
          { label: "Head (the browser tab; never indexed)" },
        ),
        heading: requiredText("Heading"),
        body: paragraphText("Text"),
        homeLink: requiredText("Link home"),
        consoleMessage: requiredText(
          "Browser console line",
          "Logged with the path the visitor asked for, for whoever debugs a broken link.",
        ),
      },
    }),
  },
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
    features: collection({
      label: "Feature pages",
      slugField: "name",
      path: "content/features/*",
      format: { data: "yaml" },
      previewUrl: "/features/{slug}",
      columns: ["order"],
      schema: {
        name: fields.slug({
          name: {
            label: "Name",
            description:
              'The badge, the cards that link the page and its share card: "Automated Messaging". The page address follows it.',
          },
        }),
        draft,
        order: fields.integer({
          label: "Position among the feature pages",
          validation: { isRequired: true, min: 1 },
        }),
        summary: paragraphText(
          "Summary",
          "One sentence on the cards that link the page (home, the other feature pages).",
        ),
        picture: fields.select({
          label: "Product picture under the opening",
          options: [
            { label: "An approval email", value: "email" },
            { label: "A venue map", value: "venue-map" },
            { label: "The form builder", value: "form-builder" },
          ],
          defaultValue: "email",
        }),
        headline: requiredText("Headline"),
        subline: paragraphText("Subline"),
        highlightsTitle: requiredText("Highlights heading"),
        highlights: titledItems("Highlights"),
        detail: fields.conditional(
          fields.select({
            label: "Second section",
            options: [
              { label: "None", value: "none" },
              { label: "Numbered steps", value: "steps" },
              { label: "Named items", value: "terms" },
            ],
            defaultValue: "none",
          }),
          {
            none: fields.empty(),
            steps: detailSection,
            terms: detailSection,
          },
        ),
        video: fields.conditional(
          fields.select({
            label: "Video button",
            description: "The video's address is set for the build (VENUE_MAP_VIDEO_URL).",
            options: [
              { label: "None", value: "none" },
              { label: "The venue map how-to", value: "venueMapHowTo" },
            ],
            defaultValue: "none",
          }),
          { none: fields.empty(), venueMapHowTo: requiredText("Button text") },
        ),
        note: fields.text({
          label: "Note",
          description: "A highlighted line under the highlights; empty for none.",
          multiline: true,
        }),
        head,
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
          description:
            'In the closing text (content/site.yaml): "Set up your flea market in about 5 minutes": "flea market".',
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
        features: titledItems("Features"),
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
