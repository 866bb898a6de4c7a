// One outbox for all outgoing work (ADR 47): the rows of the four queues before it (contact mail, team mail, lead
// deliveries, weekly reports) move into it with their state, attempts, leases and ids, then the four tables go.
// Each source says only how its row names its kind, key, subject and payload; the lease columns are copied as
// they are, whatever kind (or team mail purpose) a row has.
import { randomUUID } from "node:crypto";
import { type ColumnDataType, type Kysely, sql } from "kysely";
import type { ColumnTypes } from "./index.ts";

type Row = Record<string, unknown>;

/** What the outbox row of an old queue's row is: its id, kind, key, subject and payload. */
const sources: Record<string, (row: Row) => Row> = {
  mail_outbox: (row) => ({
    id: randomUUID(),
    kind: "contact-mail",
    key: `contact-mail:${row.message_id}`,
    subject_id: row.message_id,
    payload: null,
  }),
  team_mail: (row) => ({
    id: row.id,
    kind: "team-mail",
    key: `team-mail:${row.id}`,
    subject_id: row.link_id,
    payload:
      row.link === null
        ? null
        : JSON.stringify({
            purpose: row.purpose,
            to: row.to_address,
            link: row.link,
            senderName: row.sender_name,
          }),
  }),
  lead_deliveries: (row) => ({
    id: row.id,
    kind: row.channel,
    key: `${row.channel}:${row.message_id}:${row.receiver}`,
    subject_id: row.message_id,
    payload: JSON.stringify({ receiver: row.receiver }),
  }),
  weekly_reports: (row) => ({
    id: `weekly-report.${row.week}`,
    kind: "weekly-report",
    key: `weekly-report:${row.week}`,
    subject_id: null,
    payload: JSON.stringify({ week: row.week }),
  }),
};

/** A column: its name, type, whether a value is required, and its default. */
type Column = [name: string, type: ColumnDataType, required?: boolean, fallback?: string | number];

/** The lease columns of ADR 5: each old row's are copied as they are. */
const leaseColumns = (t: ColumnTypes): Column[] => [
  ["status", "text", true, "pending"],
  ["created_at", t.timestamp, true],
  ["attempts", "integer", true, 0],
  ["next_attempt_at", t.epochMillis, true],
  ["lease_owner", "text"],
  ["last_attempt_at", t.timestamp],
  ["last_error", "text"],
  ["last_error_kind", "text"],
  ["sent_at", t.timestamp],
  ["failed_at", t.timestamp],
];

export function up(types: ColumnTypes) {
  // biome-ignore lint/suspicious/noExplicitAny: the old tables are not in the schema any more
  return async (db: Kysely<any>): Promise<void> => {
    const own: Column[] = [
      ["id", "text", true],
      ["kind", "text", true],
      ["key", "text", true],
    ];
    const optional: Column[] = [
      ["subject_id", "text"],
      ["payload", "text"],
    ];
    // A column's own unique constraint: PostgreSQL names it outbox_key_key.
    let table = db.schema.createTable("outbox");
    for (const [name, type, required, fallback] of [...own, ...optional, ...leaseColumns(types)]) {
      table = table.addColumn(name, type, (col) => {
        const typed =
          name === "id"
            ? col.primaryKey()
            : name === "key"
              ? col.notNull().unique()
              : required
                ? col.notNull()
                : col;
        return fallback === undefined ? typed : typed.defaultTo(sql.lit(fallback));
      });
    }
    await table.execute();
    await db.schema
      .createIndex("outbox_due")
      .on("outbox")
      .columns(["status", "next_attempt_at"])
      .execute();
    await db.schema.createIndex("outbox_subject").on("outbox").column("subject_id").execute();
    for (const [table, outboxRow] of Object.entries(sources)) {
      // Sent rows move too: the console shows them, and a sent week must not be sent again.
      const rows: Row[] = await db.selectFrom(table).selectAll().execute();
      for (let start = 0; start < rows.length; start += 500) {
        const copied = rows.slice(start, start + 500).map((row) => ({
          ...outboxRow(row),
          ...Object.fromEntries(leaseColumns(types).map(([column]) => [column, row[column]])),
        }));
        await db.insertInto("outbox").values(copied).execute();
      }
      await db.schema.dropTable(table).execute();
    }
  };
}

export function down() {
  return async (): Promise<void> => {
    throw new Error("0023-outbox is not reversible: restore the backup taken before it");
  };
}
