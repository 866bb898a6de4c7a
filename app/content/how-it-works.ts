// Copy of /how-it-works, read from content/pages/how-it-works.yaml: the three acceptance models, their comparison and the FAQ.
import { fillIn } from "./fill-in";
import { howItWorksPage } from "./store";

export interface AcceptanceModel {
  id: string;
  /** Above its name: "Model 1". */
  numbered: string;
  name: string;
  summary: string;
  bestFor: string;
  steps: readonly string[];
}

const { hero, models, comparison: table, faq } = howItWorksPage;

/** The models in the page's order; the ids are the product's names for them (the pictures are keyed by them). */
const modelKeys = [
  ["apply-approve", "applyApprove"],
  ["instant-approve-pay", "instantApprovePay"],
  ["pick-pay", "pickPay"],
] as const;

export const acceptanceModels: readonly AcceptanceModel[] = modelKeys.map(([id, key], index) => ({
  id,
  numbered: fillIn(models.numbered, { number: String(index + 1) }),
  ...models[key],
}));

export interface ComparisonRow {
  aspect: string;
  /** One cell per acceptance model, in the order of acceptanceModels. */
  cells: readonly [string, string, string];
}

export const comparison = {
  title: table.title,
  caption: table.caption,
  aspectHeader: table.aspectHeader,
  rows: table.rows.map((row) => ({
    aspect: row.aspect,
    cells: [row.applyApprove, row.instantApprovePay, row.pickPay],
  })) satisfies readonly ComparisonRow[],
  note: table.note,
};

export interface Faq {
  question: string;
  answer: string;
}

export const faqs: readonly Faq[] = faq.items;

export const howItWorksCopy = {
  hero,
  models: { title: models.title, intro: models.intro },
  faq: { title: faq.title, intro: faq.intro },
};
