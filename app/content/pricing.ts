// Copy of /pricing, read from content/pages/pricing.yaml; the payment methods and the buttons come from config.
import { business } from "../config/business";
import { paths } from "../config/paths";
import { siteConfig } from "../config/site";
import { ctaLabels } from "./common";
import { pricingPage } from "./store";

export interface PriceCard {
  id: string;
  audience: string;
  price: string;
  unit: string;
  summary: string;
  points: readonly string[];
  highlighted?: boolean;
}

const { hero, cards, payments, setup, cta } = pricingPage;

/** The organizers' card: shown first on /pricing, and the free Offer of its structured data. */
export const organizersPriceCard = {
  id: "organizers",
  ...cards.organizers,
  highlighted: true,
} satisfies PriceCard;

export const pricingCopy = {
  hero,
  cards: {
    title: cards.title,
    intro: cards.intro,
    items: [
      organizersPriceCard,
      { id: "processing", ...cards.processing },
      { id: "vendors", ...cards.vendors },
    ] satisfies readonly PriceCard[],
  },
  // The methods are a business constant, listed as they are named in config.
  payments: { ...payments, methods: business.paymentMethods },
  setup,
  cta: {
    ...cta,
    primary: { label: ctaLabels.signUp, href: siteConfig.appLinks.signUp },
    secondary: { label: ctaLabels.contact, to: paths.contact },
  },
};
