// Placeholders a page fills as it renders (an event type's noun, the vendor a visitor chose): checked, left in.

/**
 * The fields whose text may hold a render-time placeholder, by content part and field, with the names each may
 * hold. The build fills every other placeholder from config and stops on one it does not know.
 */
export const renderPlaceholders = {
  site: {
    eventTypeClosing: ["noun"],
    eventTypeBadge: ["EventType"],
    exploreFeature: ["feature"],
  },
  howItWorks: {
    "models.numbered": ["number"],
  },
  guideCentre: {
    readingTime: ["minutes"],
    eventTypeTitle: ["eventType"],
    allForType: ["eventType"],
    "eventTypeHead.title": ["EventType"],
    "eventTypeHead.description": ["eventType"],
    "eventTypeHead.keywords": ["eventType"],
    guideKeyword: ["eventType"],
  },
  islands: {
    "venueDemo.chosenKeys": ["vendor"],
    "venueDemo.chosenTap": ["vendor"],
    "venueDemo.booths.detail": ["booth", "kind", "price", "holder"],
    "venueDemo.booths.public": ["booth", "holder"],
    "venueDemo.booths.takenBy": ["vendor"],
    "venueDemo.booths.taken": ["booth", "vendor"],
    "venueDemo.booths.picked": ["booth", "total"],
    "venueDemo.booths.bookAs": ["vendor"],
    "venueDemo.booths.quote": ["booth", "price", "fee"],
    "venueDemo.booths.pay": ["total"],
    "venueDemo.booths.paid": ["total", "booth", "vendor"],
    "venueDemo.vendorCard.inBooth": ["booth"],
    "venueDemo.vendorCard.about": ["category", "preference"],
    "venueDemo.assignments.assigned": ["vendor", "booth"],
    "venueDemo.assignments.moved": ["vendor", "from", "booth"],
    "venueDemo.assignments.alreadyThere": ["vendor", "booth"],
    "venueDemo.assignments.refused": ["booth", "vendor"],
    "venueDemo.availableCount": ["count"],
  },
  productPictures: {
    "dashboard.label": ["event"],
    "formBuilder.fee": ["fee"],
    "vendorPortal.label": ["vendor"],
    "vendorPortal.steps": ["event", "category"],
    "vendorPortal.pay": ["total"],
    "email.label": ["vendor"],
    "email.from": ["event"],
    "email.approval.subject": ["event"],
    "series.label": ["vendor"],
    "promo.stock": ["left", "total"],
  },
} as const satisfies Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/** The text with `{{name}}` replaced by each value given; the browser runs it, so it stays this small. */
export function fillIn(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
}
