// JSON-LD objects pages pass to headForPath({ jsonLd }): built from the same content the page shows.
import { business } from "../config/business";
import { siteConfig } from "../config/site";
import { parentOf, shortNameOf } from "./share-card";

export function faqPageJsonLd(items: readonly { question: string; answer: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** The product with its organizer price: free, forever; the offer named and described as the page shows it. */
export function softwareApplicationJsonLd(
  description: string,
  offer: { name: string; description: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: siteConfig.name,
    applicationCategory: "BusinessApplication",
    operatingSystem: "Web",
    url: `${siteConfig.url}/`,
    description,
    offers: {
      "@type": "Offer",
      name: offer.name,
      description: offer.description,
      price: String(business.organizerPriceUsd),
      priceCurrency: business.policy.currency,
    },
  };
}

/** Home, the section's page (when there is one), the page: for nested pages only. */
export function breadcrumbJsonLd(path: string) {
  const parent = parentOf(path);
  if (!parent) return undefined;
  const trail = [
    { name: "Home", url: `${siteConfig.url}/` },
    ...(parent.path ? [{ name: parent.name, url: `${siteConfig.url}${parent.path}` }] : []),
    { name: shortNameOf(path), url: `${siteConfig.url}${path}` },
  ];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

/** A guide as an Article: its dates, the brand as author and publisher, its cover when it has one. */
export function articleJsonLd(article: {
  path: string;
  title: string;
  description: string;
  /** ISO dates (YYYY-MM-DD). */
  publishedDate: string;
  updatedDate: string;
  /** A path on this site. */
  image?: string;
}) {
  const organization = {
    "@type": "Organization",
    name: siteConfig.name,
    url: `${siteConfig.url}/`,
    logo: { "@type": "ImageObject", url: `${siteConfig.url}/logo.svg` },
  };
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    datePublished: article.publishedDate,
    dateModified: article.updatedDate,
    mainEntityOfPage: `${siteConfig.url}${article.path}`,
    url: `${siteConfig.url}${article.path}`,
    author: organization,
    publisher: organization,
    ...(article.image ? { image: `${siteConfig.url}${article.image}` } : {}),
  };
}
