// The senders the team vouched for ("not spam": never scored as spam again) and the addresses acknowledged in the
// last day (one acknowledgement a day, however many messages they send).
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
  };
}
