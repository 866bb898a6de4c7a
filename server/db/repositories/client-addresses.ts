// Client addresses are stored only as an HMAC with a random salt of the day. The salt lives in the database
// (shared by all instances) and yesterday's is deleted, so a stored hash cannot be linked back to an address
// once its day is over.
import { createHmac, randomBytes } from "node:crypto";
import type { AppDatabase } from "../database.ts";

export interface ClientAddressHasher {
  hash(address: string): Promise<string>;
}

function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

export function clientAddressHasher(
  database: AppDatabase,
  now: () => number = Date.now,
): ClientAddressHasher {
  let current: { day: string; salt: Promise<string> } | undefined;

  // The candidate is stored unless another instance stored one first; older salts are deleted.
  const saltOf = (day: string): Promise<string> =>
    database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("address_salts")
        .values({ day, salt: randomBytes(32).toString("base64url") })
        .onConflict((conflict) => conflict.column("day").doNothing())
        .execute();
      await trx.deleteFrom("address_salts").where("day", "<", day).execute();
      const row = await trx
        .selectFrom("address_salts")
        .select("salt")
        .where("day", "=", day)
        .executeTakeFirstOrThrow();
      return row.salt;
    });

  return {
    async hash(address) {
      const day = utcDay(now());
      if (current?.day !== day) {
        const salt = saltOf(day);
        current = { day, salt };
        // A failed lookup is retried by the next request rather than cached.
        salt.catch(() => {
          if (current?.salt === salt) current = undefined;
        });
      }
      const salt = await current.salt;
      return createHmac("sha256", salt).update(address).digest("base64url");
    },
  };
}
