// The no-JavaScript contact posts that failed validation, until the redirect back to the form reads them: in the
// database, so that every instance behind a load balancer finds them (ADR 24). A post is given back once;
// expired ones are deleted whenever one is kept or taken.
import { createHash, randomBytes } from "node:crypto";
import type { FormFlash } from "../../site/form-flash.ts";
import type { AppDatabase } from "../database.ts";

export interface FormFlashesRepository {
  /** Keeps the post; returns the token the redirect carries. */
  put(flash: FormFlash): Promise<string>;
  /** The post for a token, once: a reload after it shows the empty form. */
  take(token: string): Promise<FormFlash | undefined>;
}

const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

export function formFlashesRepository(
  database: AppDatabase,
  options: { ttlMs: number; now?: () => number },
): FormFlashesRepository {
  const now = options.now ?? Date.now;
  const { db } = database;
  const deleteExpired = (at: number) =>
    db.deleteFrom("form_flashes").where("expires_at", "<=", at).execute();

  return {
    async put(flash) {
      const at = now();
      const token = randomBytes(16).toString("base64url");
      await deleteExpired(at);
      await db
        .insertInto("form_flashes")
        .values({
          token_hash: tokenHash(token),
          content: JSON.stringify(flash),
          expires_at: at + options.ttlMs,
        })
        .execute();
      return token;
    },
    async take(token) {
      const at = now();
      const row = await db
        .deleteFrom("form_flashes")
        .where("token_hash", "=", tokenHash(token))
        .returning(["content", "expires_at"])
        .executeTakeFirst();
      await deleteExpired(at);
      return row && Number(row.expires_at) > at
        ? (JSON.parse(row.content) as FormFlash)
        : undefined;
    },
  };
}
