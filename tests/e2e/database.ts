// Reads what the e2e server stored, straight from its SQLite file (read-only), and sets up the one state the
// browser cannot produce: an e-mail that failed (the e2e server runs without SMTP).

import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

function open(options: { write?: boolean } = {}): DatabaseSync {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  // A writer waits for the server's writer thread rather than failing at once.
  return new DatabaseSync(join(dir, "site.db"), { readOnly: !options.write, timeout: 5_000 });
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

/** Gives a stored message an outbox row marked failed, as the mail worker leaves one after four days. */
export function markMailFailed(messageId: string, error: string): void {
  const db = open({ write: true });
  try {
    const now = new Date().toISOString();
    db.prepare(
      `insert into outbox
         (id, kind, key, subject_id, status, created_at, attempts, next_attempt_at, last_attempt_at,
          last_error, last_error_kind, failed_at)
       values (?, 'contact-mail', ?, ?, 'failed', ?, 214, ?, ?, ?, 'permanent', ?)`,
    ).run(randomUUID(), `contact-mail:${messageId}`, messageId, now, Date.now(), now, error, now);
  } finally {
    db.close();
  }
}

/** The pageviews and clicks stored for a session, oldest first. */
export function siteEvents(sessionId: string): { name: string; path: string }[] {
  const db = open();
  try {
    return db
      .prepare("select name, path from site_events where session_id = ? order by created_at")
      .all(sessionId) as { name: string; path: string }[];
  } finally {
    db.close();
  }
}
