// The senders the team vouched for ("not spam": never scored as spam again) and the mailboxes acknowledged in the
// last day (one acknowledgement a day, however many messages and address spellings they send; a few an hour for the
// whole site). An address is kept no longer than a message of its sender, or, acknowledged, than the day that limit
// needs.
import type { AppDatabase, Executor } from "../database.ts";

/** A mailbox is acknowledged at most once in this long. */
export const acknowledgementIntervalMs = 24 * 60 * 60_000;

/**
 * The site sends at most this many acknowledgements an hour, all senders together: whoever types other people's
 * addresses into the form cannot make it mail more. Well above a busy hour's genuine messages (docs/product.md: a
 * contact form for organizers); a sender past it still reaches the team, only without the confirmation.
 */
export const acknowledgementsPerHour = 20;
const hourMs = 60 * 60_000;

/** Providers that deliver an address with dots in its local part to the one without them; each to its canonical name. */
const dotlessDomains: Readonly<Record<string, string>> = {
  "gmail.com": "gmail.com",
  "googlemail.com": "gmail.com",
};

/**
 * The mailbox an address reaches, as the acknowledgement's limit counts it: lower case, the sub-address after "+"
 * dropped (ada+1@ reaches ada@), and for providers that ignore them the dots of the local part and the domain's alias.
 */
export function mailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  const domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotless = dotlessDomains[domain];
  return dotless ? `${local.replaceAll(".", "")}@${dotless}` : `${local}@${domain}`;
}

/** The domains whose addresses may reach the address's mailbox: its own, and its provider's aliases. */
export function mailboxDomains(email: string): string[] {
  const box = mailbox(email);
  const domains = [box.slice(box.lastIndexOf("@") + 1)];
  for (const [alias, canonical] of Object.entries(dotlessDomains)) {
    if (canonical === domains[0] && alias !== canonical) domains.push(alias);
  }
  return domains;
}

export interface LeadSendersRepository {
  isTrusted(email: string): Promise<boolean>;
  trust(email: string, at: number, trx?: Executor): Promise<void>;
  /**
   * Claims the day's acknowledgement of the address's mailbox: true unless it had one less than a day ago or the
   * site claimed `acknowledgementsPerHour` in the last hour. In the transaction that queues it, so two messages at
   * once from one mailbox claim it once.
   */
  claimAcknowledgement(email: string, at: number, trx?: Executor): Promise<boolean>;
  /** Deletes the acknowledgements a day old at `at` (they limit nothing any more); the number deleted. */
  deleteExpiredAcknowledgements(at: number): Promise<number>;
  /** Forgets the address as trusted, or its mailbox as acknowledged (erasure: no message of theirs remains). */
  forget(
    email: string,
    what: { trusted: boolean; acknowledged: boolean },
    trx?: Executor,
  ): Promise<void>;
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
      // Every claim of the last hour is a row claimed in it: a claim a day old is taken over or deleted, not kept.
      const { claims } = await trx
        .selectFrom("acknowledged_senders")
        .select((eb) => eb.fn.countAll<number | string | bigint>().as("claims"))
        .where("acknowledged_at", ">", at - hourMs)
        .executeTakeFirstOrThrow();
      if (Number(claims) >= acknowledgementsPerHour) return false;
      const claimed = await trx
        .insertInto("acknowledged_senders")
        .values({ email: mailbox(email), acknowledged_at: at })
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

    async forget(email, what, trx = db) {
      if (what.trusted)
        await trx.deleteFrom("trusted_senders").where("email", "=", key(email)).execute();
      if (what.acknowledged) {
        await trx.deleteFrom("acknowledged_senders").where("email", "=", mailbox(email)).execute();
      }
    },
  };
}
