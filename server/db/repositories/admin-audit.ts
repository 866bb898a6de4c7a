// The record of who did what in the console: a row per triage action and team change, holding the actor's name as
// it was and, for a message, only its id (erasure leaves the id and nothing the message said).
import { randomUUID } from "node:crypto";
import type { AuditAction } from "../../../contracts/team.ts";
import type { AppDatabase, Executor } from "../database.ts";

export interface NewAuditEntry {
  at: number;
  actorId: string | null;
  actorName: string;
  action: AuditAction;
  messageId?: string | null;
  subject?: string | null;
}

export interface StoredAuditEntry {
  id: string;
  at: number;
  actorName: string;
  action: AuditAction;
  messageId: string | null;
  subject: string | null;
}

export interface AdminAuditRepository {
  record(entry: NewAuditEntry, trx?: Executor): Promise<void>;
  /** A message's history, oldest first. */
  forMessage(messageId: string): Promise<StoredAuditEntry[]>;
  /** The latest entries, newest first. */
  recent(limit: number): Promise<StoredAuditEntry[]>;
  /** Deletes up to `limit` entries older than `before`; the number deleted. */
  deleteOlderThan(before: number, limit: number): Promise<number>;
}

const columns = ["id", "at", "actor_name", "action", "message_id", "subject"] as const;

function toEntry(row: {
  id: string;
  at: number | string;
  actor_name: string;
  action: string;
  message_id: string | null;
  subject: string | null;
}): StoredAuditEntry {
  return {
    id: row.id,
    at: Number(row.at),
    actorName: row.actor_name,
    // Only this repository writes the column, from AuditAction values.
    action: row.action as AuditAction,
    messageId: row.message_id,
    subject: row.subject,
  };
}

export function adminAuditRepository(database: AppDatabase): AdminAuditRepository {
  const { db } = database;
  return {
    async record(entry, trx = db) {
      await trx
        .insertInto("admin_audit")
        .values({
          id: randomUUID(),
          at: entry.at,
          actor_id: entry.actorId,
          actor_name: entry.actorName,
          action: entry.action,
          message_id: entry.messageId ?? null,
          subject: entry.subject ?? null,
        })
        .execute();
    },

    async forMessage(messageId) {
      const rows = await db
        .selectFrom("admin_audit")
        .select(columns)
        .where("message_id", "=", messageId)
        .orderBy("at")
        .orderBy("id")
        .limit(200)
        .execute();
      return rows.map(toEntry);
    },

    async recent(limit) {
      const rows = await db
        .selectFrom("admin_audit")
        .select(columns)
        .orderBy("at", "desc")
        .limit(limit)
        .execute();
      return rows.map(toEntry);
    },

    async deleteOlderThan(before, limit) {
      // By id in a subquery: neither database deletes with LIMIT directly (SQLite only when built for it).
      const result = await db
        .deleteFrom("admin_audit")
        .where("id", "in", (eb) =>
          eb.selectFrom("admin_audit").select("id").where("at", "<", before).limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
