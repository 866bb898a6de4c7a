// The inbox search's folded text of each contact message (ADR 31): name, e-mail, business and message, accents and
// case folded, one a line; filled here for the messages stored before it, by the repository for every new one.
import { type Kysely, sql } from "kysely";

/**
 * A frozen copy of foldForSearch and messageSearchText (server/db/search-text.ts) as they were when this migration
 * was written: a migration must fill the rows the same way however that module changes later, so it imports none.
 */
function searchText(fields: string[]): string {
  return fields
    .map((text) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " "))
    .join("\n");
}

interface StoredMessage {
  id: string;
  name: string;
  email: string;
  business_name: string | null;
  message: string;
}

const batchSize = 500;

export function up() {
  return async (db: Kysely<unknown>): Promise<void> => {
    // The default keeps an instance still running the code before this migration able to store messages while
    // the others are updated (its messages are found by no search).
    await db.schema
      .alterTable("contact_messages")
      .addColumn("search_text", "text", (col) => col.notNull().defaultTo(""))
      .execute();
    // A page at a time, so a large table is never held in memory: a filled row holds at least its three line
    // breaks, so it is not read again.
    for (;;) {
      const { rows } = await sql<StoredMessage>`
        select id, name, email, business_name, message from contact_messages
        where search_text = '' limit ${batchSize}`.execute(db);
      for (const row of rows) {
        const text = searchText([row.name, row.email, row.business_name ?? "", row.message]);
        await sql`update contact_messages set search_text = ${text} where id = ${row.id}`.execute(
          db,
        );
      }
      if (rows.length < batchSize) return;
    }
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.alterTable("contact_messages").dropColumn("search_text").execute();
  };
}
