// Reads what the e2e server stored, straight from its SQLite file (read-only).

import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

function open(): DatabaseSync {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  return new DatabaseSync(join(dir, "site.db"), { readOnly: true });
}

export function contactMessagesFrom(email: string): Record<string, unknown>[] {
  const db = open();
  try {
    return db
      .prepare("select * from contact_messages where email = ? order by created_at")
      .all(email);
  } finally {
    db.close();
  }
}

export function referrerVisit(sessionId: string): Record<string, unknown> | undefined {
  const db = open();
  try {
    return db.prepare("select * from referrer_visits where session_id = ?").get(sessionId) as
      | Record<string, unknown>
      | undefined;
  } finally {
    db.close();
  }
}
