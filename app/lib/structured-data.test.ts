import { describe, expect, it } from "vitest";
import { faqs } from "../content/how-it-works";
import { breadcrumbJsonLd, faqPageJsonLd, softwareApplicationJsonLd } from "./structured-data";

describe("faqPageJsonLd", () => {
  it("turns every question and answer into a Question with an accepted Answer, in order", () => {
    const data = faqPageJsonLd([
      { question: "Q1?", answer: "A1." },
      { question: "Q2?", answer: "A2." },
    ]);
    expect(data).toEqual({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: [
        { "@type": "Question", name: "Q1?", acceptedAnswer: { "@type": "Answer", text: "A1." } },
        { "@type": "Question", name: "Q2?", acceptedAnswer: { "@type": "Answer", text: "A2." } },
      ],
    });
  });

  it("covers the page's FAQ (at least 8 questions, none repeated)", () => {
    const names = faqPageJsonLd(faqs).mainEntity.map((q) => q.name);
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("softwareApplicationJsonLd", () => {
  it("offers the product for free, in US dollars", () => {
    const data = softwareApplicationJsonLd("Vendor management.", {
      name: "Organizers",
      description: "Everything you need.",
    });
    expect(data["@type"]).toBe("SoftwareApplication");
    expect(data.name).toBe("BoothPilot");
    expect(data.description).toBe("Vendor management.");
    expect(data.offers).toEqual({
      "@type": "Offer",
      name: "Organizers",
      description: "Everything you need.",
      price: "0",
      priceCurrency: "USD",
    });
  });
});

describe("breadcrumbJsonLd", () => {
  it("gives nested pages Home, their section's page and themselves; top-level pages none", () => {
    expect(breadcrumbJsonLd("/features/automated-messaging")?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://www.boothpilot.example/" },
      {
        "@type": "ListItem",
        position: 2,
        name: "Features",
        item: "https://www.boothpilot.example/features",
      },
      {
        "@type": "ListItem",
        position: 3,
        name: "Automated Messaging",
        item: "https://www.boothpilot.example/features/automated-messaging",
      },
    ]);
    // No /event-types page exists: the trail goes straight from Home to the event type.
    expect(breadcrumbJsonLd("/event-types/card-shows")?.itemListElement.map((i) => i.name)).toEqual(
      ["Home", "Card Shows"],
    );
    expect(breadcrumbJsonLd("/pricing")).toBeUndefined();
  });
});
