// Copy of /about: who the product is for and why it exists.
import { siteConfig } from "../config/site";
import { claims, priceLabels } from "./common";

export const aboutCopy = {
  hero: {
    badge: "About us",
    title: `About ${siteConfig.name}`,
    subline:
      "We build vendor and event management for the people who run markets, shows, expos and festivals.",
  },
  audience: {
    title: "Who it's for",
    intro:
      "Organizers first: the people who find the venue, fill the booths and open the doors. We build for the organizers of:",
    others: [
      {
        title: "Organizers",
        body: "Set up events, forms, fees and the venue map; approve or reject vendors; message them; assign spots; cancel and refund.",
      },
      {
        title: "Vendors, dealers and artists",
        body: "Apply, upload documents, pay, pick a booth or request a location, and follow everything in their own portal.",
      },
      {
        title: "Attendees",
        body: "When the organizer makes the map public, visitors can see where everyone is.",
      },
    ],
  },
  why: {
    title: "Why it exists",
    paragraphs: [
      "Running the vendor side of an event usually means applications in one inbox, payments in another app, a booth map on paper and a spreadsheet trying to hold it all together. Every vendor who hasn't paid is another message to write.",
      `${siteConfig.name} puts the application, the decision, the payment, the email and the spot on the map in one place, so the busy weeks before an event go to the event itself.`,
    ],
  },
  principles: {
    title: "What we hold to",
    items: [
      {
        title: "Free for organizers",
        body: `Organizers pay ${priceLabels.organizerPrice}, forever. Vendors pay a ${priceLabels.vendorFee} platform fee.`,
      },
      {
        title: "Quick to start",
        body: `Setup takes ${claims.setupTime}, and ${claims.firstMapFree.charAt(0).toLowerCase()}${claims.firstMapFree.slice(1)}.`,
      },
      {
        title: "Your event, your rules",
        body: "Choose how vendors join each event: Apply & Approve, Instant Approve & Pay or Pick & Pay.",
      },
      {
        title: "Vendors always know where they stand",
        body: "Vendors get an email for every decision, a receipt for every payment and a notice when their spot changes, and their portal shows their status.",
      },
    ],
  },
} as const;
