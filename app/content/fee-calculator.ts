// Copy of the /pricing fee calculator, read from content/islands.yaml; the inputs' defaults and the examples' prices stay here.
import { feeCalculatorTexts } from "./store";

export const feeCalculatorCopy = {
  ...feeCalculatorTexts,
  // The default booth is the worked example the fee copy gives ({{exampleBooth}} in content): $100.
  defaults: { price: "100.00", vendors: "20" },
  /** Booth prices of the worked example, in cents. */
  examplePrices: [2_500, 8_500, 10_000, 25_000],
} as const;
