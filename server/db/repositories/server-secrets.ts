// Secrets the server makes for itself and keeps in the database, so every instance on it and every restart signs
// alike (the contact form's render token).
import { randomBytes } from "node:crypto";
import type { AppDatabase } from "../database.ts";

export interface ServerSecretsRepository {
  /** The secret of that name, made on first use (the first instance to store one wins). */
  get(name: string): Promise<string>;
}

export function serverSecretsRepository(database: AppDatabase): ServerSecretsRepository {
  const known = new Map<string, Promise<string>>();
  const load = (name: string) =>
    database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("server_secrets")
        .values({ name, value: randomBytes(32).toString("base64url") })
        .onConflict((conflict) => conflict.column("name").doNothing())
        .execute();
      const row = await trx
        .selectFrom("server_secrets")
        .select("value")
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      return row.value;
    });
  return {
    get(name) {
      let secret = known.get(name);
      if (!secret) {
        secret = load(name);
        known.set(name, secret);
        // A failed read is tried again by the next caller rather than cached.
        secret.catch(() => known.delete(name));
      }
      return secret;
    },
  };
}
