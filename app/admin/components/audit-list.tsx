// The audit record as a list: "Marked handled by Dana, 2 hours ago", the exact time on hover and for screen
// readers in the <time> element.
import { type AuditEntry, auditLabels } from "../../../contracts/team";
import { formatDateTime } from "../format";
import { timeAgo } from "../relative-time";

export function AuditList({ entries, empty }: { entries: AuditEntry[]; empty: string }) {
  if (entries.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ol className="grid gap-2">
      {entries.map((entry) => (
        <li key={entry.id} className="text-ink">
          {auditLabels[entry.action]}
          {entry.subject ? <> {entry.subject}</> : null} by{" "}
          <span className="font-semibold">{entry.actor}</span>,{" "}
          <time dateTime={entry.at} title={formatDateTime(entry.at)}>
            {timeAgo(entry.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
