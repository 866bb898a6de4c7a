// The site's content, one export per part: read from content/ here in Node, inlined as data in Vite builds.
// Vite builds never run this module: app/content/vite-plugin.ts replaces it with re-exports of a module per
// part, its data inlined, so the browser gets no reader and a page's script only the parts it uses.
import { readContent } from "./read.ts";

const content = await readContent();

export const eventTypeEntries = content.eventTypes;
export const testimonialEntries = content.testimonials;
export const featureEntries = content.features;
export const guideEntries = content.guides;
export const guideSummaries = content.guideSummaries;
export const siteTexts = content.site;
export const aboutPage = content.about;
export const contactPage = content.contact;
export const notFoundPage = content.notFound;
export const legalEntries = content.legal;
export const homePage = content.home;
export const featuresPage = content.featuresOverview;
export const pricingPage = content.pricing;
export const howItWorksPage = content.howItWorks;
export const guideCentrePage = content.guideCentre;
export const feeCalculatorTexts = content.feeCalculator;
export const venueDemoTexts = content.venueDemo;
export const venueDemoSectionTexts = content.venueDemoSection;
export const venueMapTexts = content.venueMaps;
export const productPictureTexts = content.productPictures;
