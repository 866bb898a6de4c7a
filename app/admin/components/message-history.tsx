// A message's history: who opened, triaged or resent it, and when (newest last, as it happened).
import type { AuditEntry } from "../../../contracts/team";
import { AuditList } from "./audit-list";
import { Section } from "./ui";

export function MessageHistory({ entries }: { entries: AuditEntry[] }) {
  return (
    <Section title="History" id="message-history">
      <AuditList entries={entries} empty="Nobody has acted on this message yet." />
    </Section>
  );
}
