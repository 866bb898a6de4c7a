// A message's spam score and the reasons behind it: why it arrived in the inbox or in spam.
import type { MessageDetail } from "../../../contracts/admin-api";
import { spamReasonLabels } from "../../../contracts/spam-reasons";

export function SpamReasons({ spam }: { spam: MessageDetail["spam"] }) {
  const verdict =
    spam.score >= spam.threshold
      ? `Score ${spam.score}: at or above ${spam.threshold}, so it arrived as spam.`
      : `Score ${spam.score}: below ${spam.threshold}, so it arrived in the inbox.`;
  return (
    <div className="grid gap-2">
      <p className="text-ink">{verdict}</p>
      {spam.reasons.length > 0 ? (
        <ul className="list-disc pl-5 text-ink">
          {spam.reasons.map((reason, index) => (
            // The same reason may appear twice (two phrases); its place keeps the key unique.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
            <li key={index}>
              {spamReasonLabels[reason.code]}
              {reason.detail ? `: ${reason.detail}` : ""} ({reason.points > 0 ? "+" : ""}
              {reason.points})
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">No sign of spam.</p>
      )}
    </div>
  );
}
