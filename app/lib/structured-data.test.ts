import { describe, expect, it } from "vitest";
import { faqs } from "../content/how-it-works";
import { faqPageJsonLd, softwareApplicationJsonLd } from "./structured-data";

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
    const data = softwareApplicationJsonLd("Vendor management.");
    expect(data["@type"]).toBe("SoftwareApplication");
    expect(data.name).toBe("BoothPilot");
    expect(data.offers).toEqual({ "@type": "Offer", price: "0", priceCurrency: "USD" });
  });
});
