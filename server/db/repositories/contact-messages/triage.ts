// The team's actions on a contact message: read and unread, handled, spam and not spam (which cancel or queue its
// e-mail and move it out of or into the conversion figures), sending a failed e-mail again, and erasure.
import { type ExpressionBuilder as Builder, sql } from "kysely";
import type { AppDatabase, Executor } from "../../database.ts";
import type { Schema } from "../../schema.ts";
import { leadSendersRepository, mailbox, mailboxDomains } from "../lead-senders.ts";
import { outboxRepository } from "../outbox.ts";
import { referrerVisitsRepository } from "../referrer-visits.ts";
import { visitRollupsRepository } from "../visit-rollups.ts";
import {
  contactMail,
  type DeliveryPlan,
  leadKinds,
  noDeliveries,
  queueDeliveries,
} from "./deliveries.ts";

/** What an action did: changed the message, found it already so (nothing written), or found no such message. */
export type Outcome = "changed" | "unchanged" | "missing";

export interface MessageTriage {
  /** Marks it read (the first time only) or unread. */
  setRead(id: string, read: boolean, at: number): Promise<Outcome>;
  /** Marks it handled (and read) or not. */
  setHandled(id: string, handled: boolean, at: number): Promise<Outcome>;
  /**
   * Marks it spam and cancels its e-mail if not sent yet, or not spam and queues its e-mail (`queueMail`) when it
   * never had one: a message is e-mailed at most once, however often this is called. "Not spam" also trusts its
   * sender: their later messages are never scored as spam. The change moves the message
   * out of or into the conversion figures of its day. "missing" when there is no such message.
   */
  setSpam(
    id: string,
    spam: boolean,
    at: number,
    queueMail: boolean,
    deliveries?: DeliveryPlan,
  ): Promise<Outcome>;
  /**
   * Erases the message and its outbox rows (its link to the visit goes with it), and its sender's address from the
   * trusted and acknowledged senders when no other message of theirs remains; false when there was none.
   */
  erase(id: string): Promise<boolean>;
  /** Puts a failed e-mail back in the outbox, due at `at`; false when the message's e-mail is not failed. */
  retryMail(id: string, at: number): Promise<boolean>;
}

export function messageTriage(database: AppDatabase, timeZone = "UTC"): MessageTriage {
  const { db } = database;
  const visits = referrerVisitsRepository(database);
  const rollups = visitRollupsRepository(database, undefined, timeZone);
  const senders = leadSendersRepository(database);
  const outbox = outboxRepository(database);

  const exists = async (id: string): Promise<Outcome> => {
    const row = await db
      .selectFrom("contact_messages")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst();
    return row ? "unchanged" : "missing";
  };

  /** Whether another message of the visit is not spam. */
  const stillMessaged = (trx: Executor) => async (sessionId: string) =>
    (await trx
      .selectFrom("contact_messages")
      .select("id")
      .where("session_id", "=", sessionId)
      .where("status", "=", "new")
      .limit(1)
      .executeTakeFirst()) !== undefined;

  /**
   * What of an erased message's sender no stored message keeps: their trust (no message from the address) and their
   * acknowledgement (none from the mailbox).
   */
  const unkept = async (trx: Executor, email: string) => {
    // Messages keep the address as typed: compared folded. The contract's pattern lets only ASCII addresses in, so
    // SQLite's lower() (ASCII only) and toLowerCase() agree, and no "%" or "_" into a domain.
    const folded = (eb: Builder<Schema, "contact_messages">) =>
      eb.fn("lower", [eb.fn("trim", ["email"])]);
    const sameAddress = await trx
      .selectFrom("contact_messages")
      .select("id")
      .where((eb) => eb(folded(eb), "=", email.trim().toLowerCase()))
      .limit(1)
      .executeTakeFirst();
    // The mailbox's domains, and sub-addresses dropped in code: SQL cannot drop them alike on both databases.
    const sameDomain = await trx
      .selectFrom("contact_messages")
      .select("email")
      .where((eb) =>
        eb.or(mailboxDomains(email).map((domain) => eb(folded(eb), "like", `%@${domain}`))),
      )
      .execute();
    const box = mailbox(email);
    return {
      trusted: sameAddress === undefined,
      acknowledged: !sameDomain.some((row) => mailbox(row.email) === box),
    };
  };

  return {
    async setRead(id, read, at) {
      const result = await db
        .updateTable("contact_messages")
        .set({ read_at: read ? new Date(at).toISOString() : null })
        .where("id", "=", id)
        .where("read_at", read ? "is" : "is not", null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? "changed" : exists(id);
    },

    async setHandled(id, handled, at) {
      const stamp = new Date(at).toISOString();
      const result = await db
        .updateTable("contact_messages")
        .set({
          handled_at: handled ? stamp : null,
          read_at: sql<string>`coalesce(read_at, ${stamp})`,
        })
        .where("id", "=", id)
        .where("handled_at", handled ? "is" : "is not", null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n ? "changed" : exists(id);
    },

    async setSpam(id, spam, at, queueMail, plan = noDeliveries) {
      return database.write(async (trx) => {
        const message = await trx
          .selectFrom("contact_messages")
          .select(["status", "created_at", "session_id", "email"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!message) return "missing";
        const status = spam ? "spam" : "new";
        if (message.status !== status) {
          await trx.updateTable("contact_messages").set({ status }).where("id", "=", id).execute();
          // The conversion figures count messages that are not spam, under the day and keys they arrived with.
          const visit = message.session_id ? await visits.keysOf(message.session_id, trx) : null;
          const sentAt = new Date(message.created_at).getTime();
          if (spam) await rollups.uncountMessage(trx, sentAt, visit, stillMessaged(trx));
          else await rollups.countMessage(trx, sentAt, visit);
        }
        // The team vouched for the sender: their later messages are never scored as spam.
        if (!spam) await senders.trust(message.email, at, trx);
        // Each receiver gets the message once, however often this is pressed; spam cancels what is not sent yet.
        // A sent one stays in the record; a message that had its e-mail never gets a second (its key).
        if (spam) await outbox.cancel([id], ["contact-mail", ...leadKinds], trx);
        else {
          await queueDeliveries({ outbox, senders }, { id, email: message.email }, plan, at, trx);
          if (queueMail) await outbox.enqueue([contactMail(id)], at, trx);
        }
        return "changed";
      });
    },

    async erase(id) {
      return database.write(async (trx) => {
        const message = await trx
          .selectFrom("contact_messages")
          .select("email")
          .where("id", "=", id)
          .executeTakeFirst();
        if (!message) return false;
        await outbox.delete({ subjectIds: [id] }, trx);
        await trx.deleteFrom("contact_messages").where("id", "=", id).execute();
        await senders.forget(message.email, await unkept(trx, message.email), trx);
        return true;
      });
    },

    // Only a failed row changes.
    async retryMail(id, at) {
      return (await outbox.retryFailed(id, ["contact-mail"], at)) > 0;
    },
  };
}
