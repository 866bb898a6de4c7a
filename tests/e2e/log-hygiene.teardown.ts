// After the whole browser run, the server's log (playwright.config.ts writes it to E2E_DATA_DIR/server.log) is read
// as an operator would ship it: JSON lines, every line about a request carrying its request id, and none holding
// a client address, a contact message's text, sender or e-mail, the admin password, or a session token.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { e2eAdmin } from "./admin-account.ts";

export default function checkServerLog(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
  const log = readFileSync(join(dataDir, "server.log"), "utf8");
  const lines = log.split("\n").filter(Boolean);
  const problems: string[] = [];
  const records = lines.map((line, index) => {
    try {
      return JSON.parse(line) as Record<string, unknown>;
    } catch {
      problems.push(`line ${index + 1} is not JSON: ${line.slice(0, 120)}`);
      return {};
    }
  });
  records.forEach((record, index) => {
    if (("url" in record || "statusCode" in record) && record.reqId === undefined) {
      problems.push(`line ${index + 1} is about a request but has no reqId`);
    }
  });
  if (!records.some((record) => record.msg === "request")) {
    problems.push("no access line: the log level or the log file is not what this check expects");
  }

  const database = new DatabaseSync(join(dataDir, "site.db"), { readOnly: true });
  const secrets = new Map<string, string>([["the admin password", e2eAdmin.password]]);
  for (const row of database.prepare("SELECT name, email, message FROM contact_messages").all()) {
    secrets.set(`a contact message (${String(row.email)})`, String(row.message));
    if (String(row.name).length >= 6) secrets.set("a sender's name", String(row.name));
    secrets.set("a sender's e-mail", String(row.email));
  }
  const sessionHashes = new Set(
    database
      .prepare("SELECT token_hash FROM admin_sessions")
      .all()
      .map((row) => String(row.token_hash)),
  );
  database.close();

  // The server listens on 127.0.0.1 and says so once; any other mention is a client's address.
  const withoutListening = lines.filter((line) => !line.includes("Server listening at")).join("\n");
  if (/\b127\.0\.0\.1\b|::1\b|::ffff:/.test(withoutListening)) problems.push("a client address");
  for (const [what, value] of secrets) {
    if (value.length >= 6 && log.includes(value)) problems.push(what);
  }
  for (const candidate of log.match(/[A-Za-z0-9_-]{43}/g) ?? []) {
    if (sessionHashes.has(createHash("sha256").update(candidate).digest("base64url"))) {
      problems.push("a session token");
    }
  }
  if (/bp_admin_session=/.test(log)) problems.push("a session cookie");
  if (problems.length > 0) {
    throw new Error(
      `The server's log (${lines.length} lines) holds what it must not: ${[...new Set(problems)].join("; ")}`,
    );
  }
  console.log(`server log: ${lines.length} lines checked, nothing private in them`);
}
