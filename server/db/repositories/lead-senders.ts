// The senders the team vouched for ("not spam": never scored as spam again) and the addresses acknowledged in the
// last day (one acknowledgement a day, however many messages they send). An address is kept no longer than a
// message of its sender, or, acknowledged, than the day that limit needs.
import type { AppDatabase, Executor } from "../database.ts";

/** An address is acknowledged at most once in this long. */
export const acknowledgementIntervalMs = 24 * 60 * 60_000;

export interface LeadSendersRepository {
  isTrusted(email: string): Promise<boolean>;
  trust(email: string, at: number, trx?: Executor): Promise<void>;
  /**
   * Claims the day's acknowledgement of the address: true unless it had one less than a day ago. In the
   * transaction that queues it, so two messages at once from one address claim it once.
   */
  claimAcknowledgement(email: string, at: number, trx?: Executor): Promise<boolean>;
  /** Deletes the acknowledgements a day old at `at` (they limit nothing any more); the number deleted. */
  deleteExpiredAcknowledgements(at: number): Promise<number>;
  /** Forgets the address, trusted or acknowledged, unless a stored message from it remains (erasure). */
  forgetUnlessKept(email: string, trx?: Executor): Promise<void>;
}

const key = (email: string) => email.trim().toLowerCase();

export function leadSendersRepository(database: AppDatabase): LeadSendersRepository {
  const { db } = database;
  return {
    async isTrusted(email) {
      const row = await db
        .selectFrom("trusted_senders")
        .select("email")
        .where("email", "=", key(email))
        .executeTakeFirst();
      return row !== undefined;
    },

    async trust(email, at, trx = db) {
      await trx
        .insertInto("trusted_senders")
        .values({ email: key(email), created_at: new Date(at).toISOString() })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .execute();
    },

    async claimAcknowledgement(email, at, trx = db) {
      const expiredAt = at - acknowledgementIntervalMs;
      const claimed = await trx
        .insertInto("acknowledged_senders")
        .values({ email: key(email), acknowledged_at: at })
        .onConflict((conflict) =>
          conflict
            .column("email")
            .doUpdateSet({ acknowledged_at: at })
            .where("acknowledged_senders.acknowledged_at", "<=", expiredAt),
        )
        .executeTakeFirst();
      return (claimed.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async deleteExpiredAcknowledgements(at) {
      // The claim's own test: a row it could take over is one it no longer needs.
      const result = await db
        .deleteFrom("acknowledged_senders")
        .where("acknowledged_at", "<=", at - acknowledgementIntervalMs)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async forgetUnlessKept(email, trx = db) {
      const address = key(email);
      // Messages keep the address as typed: compared as the keys here were made. The contract's pattern lets only
      // ASCII addresses in, so SQLite's lower() (ASCII only) and toLowerCase() agree.
      const kept = await trx
        .selectFrom("contact_messages")
        .select("id")
        .where((eb) => eb(eb.fn("lower", [eb.fn("trim", ["email"])]), "=", address))
        .limit(1)
        .executeTakeFirst();
      if (kept) return;
      await trx.deleteFrom("trusted_senders").where("email", "=", address).execute();
      await trx.deleteFrom("acknowledged_senders").where("email", "=", address).execute();
    },
  };
}
