// Prints how the spam score does on the labelled set: the spam caught and the genuine enquiries lost, with every
// miss and every loss and its score, for docs/performance.md.
import { spamThreshold } from "../contracts/spam-reasons.ts";
import { spamFigures } from "../server/leads/spam-figures.ts";

const figures = spamFigures();
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;
console.log(
  `spam caught: ${figures.caught} of ${figures.spam} (${percent(figures.caughtRate)})\n` +
    `genuine enquiries lost: ${figures.lost} of ${figures.genuine} (highest genuine score ${figures.highestGenuineScore}, threshold ${spamThreshold})`,
);
for (const { message, verdict } of figures.missed) {
  console.log(
    `  missed (score ${verdict.score}): ${message.name}: ${message.message.slice(0, 90)}`,
  );
}
for (const { message, verdict } of figures.falsePositives) {
  const why = verdict.reasons.map((reason) => reason.detail ?? reason.code).join(", ");
  console.log(
    `  lost (score ${verdict.score}: ${why}): ${message.name}: ${message.message.slice(0, 90)}`,
  );
}
