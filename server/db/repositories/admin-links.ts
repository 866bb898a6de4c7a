// One-time links (invitations and password resets): stored by the SHA-256 of their token, used once, in the
// transaction that creates or updates the account; they end with the person who made them or whom they are for.
import type { TeamRole } from "../../../contracts/team.ts";
import type { AppDatabase, Executor } from "../database.ts";

export type LinkPurpose = "invitation" | "reset";

export interface StoredLink {
  id: string;
  purpose: LinkPurpose;
  email: string;
  role: TeamRole;
  createdAt: number;
  expiresAt: number;
}

/** Deletes every link, in the caller's transaction (the whole team is removed). */
export async function deleteAllLinks(trx: Executor): Promise<void> {
  await trx.deleteFrom("admin_links").execute();
}

export interface AdminLinksRepository {
  /**
   * Stores a link, replacing any other of the same purpose for the address (the newest link is the only one that
   * works); the ids of the links it replaced, whose mails are not to be sent.
   */
  create(link: StoredLink & { tokenHash: string; createdBy: string | null }): Promise<string[]>;
  /** The link of a token hash while it lasts (at `at`). */
  find(tokenHash: string, at: number): Promise<StoredLink | null>;
  /**
   * Deletes the link of a token hash and hands it to `use` in the same transaction; null (nothing done) when there is
   * none or it has expired: a link works once.
   */
  consume<T>(
    tokenHash: string,
    at: number,
    use: (link: StoredLink, trx: Executor) => Promise<T>,
  ): Promise<T | null>;
  byId(id: string): Promise<StoredLink | null>;
  /** Open and expired links, newest first (expired ones are kept until pruned, so an owner sees them lapse). */
  list(): Promise<StoredLink[]>;
  revoke(id: string): Promise<boolean>;
  /**
   * Deletes the links a removed person made and those for their address (in the transaction that removes them);
   * the ids of the links deleted.
   */
  revokeFor(person: { id: string; email: string }, trx?: Executor): Promise<string[]>;
  /** Deletes links expired before `before`; the number deleted. */
  deleteExpiredBefore(before: number): Promise<number>;
}

type LinkRow = {
  id: string;
  purpose: LinkPurpose;
  email: string;
  role: TeamRole;
  created_at: number | string;
  expires_at: number | string;
};

const linkColumns = ["id", "purpose", "email", "role", "created_at", "expires_at"] as const;

function toLink(row: LinkRow): StoredLink {
  return {
    id: row.id,
    purpose: row.purpose,
    email: row.email,
    role: row.role,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
  };
}

export function adminLinksRepository(database: AppDatabase): AdminLinksRepository {
  const { db } = database;
  return {
    create(link) {
      return db.transaction().execute(async (trx) => {
        const replaced = await trx
          .deleteFrom("admin_links")
          .where("email", "=", link.email)
          .where("purpose", "=", link.purpose)
          .returning("id")
          .execute();
        await trx
          .insertInto("admin_links")
          .values({
            token_hash: link.tokenHash,
            id: link.id,
            purpose: link.purpose,
            email: link.email,
            role: link.role,
            created_by: link.createdBy,
            created_at: link.createdAt,
            expires_at: link.expiresAt,
          })
          .execute();
        return replaced.map((row) => row.id);
      });
    },

    async find(tokenHash, at) {
      const row = await db
        .selectFrom("admin_links")
        .select(linkColumns)
        .where("token_hash", "=", tokenHash)
        .where("expires_at", ">", at)
        .executeTakeFirst();
      return row ? toLink(row) : null;
    },

    consume(tokenHash, at, use) {
      return db.transaction().execute(async (trx) => {
        // The delete claims the link: of two uses at once, one deletes the row and the other finds nothing.
        const row = await trx
          .deleteFrom("admin_links")
          .where("token_hash", "=", tokenHash)
          .where("expires_at", ">", at)
          .returning(linkColumns)
          .executeTakeFirst();
        return row ? use(toLink(row), trx) : null;
      });
    },

    async byId(id) {
      const row = await db
        .selectFrom("admin_links")
        .select(linkColumns)
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toLink(row) : null;
    },

    async list() {
      const rows = await db
        .selectFrom("admin_links")
        .select(linkColumns)
        .orderBy("created_at", "desc")
        .execute();
      return rows.map(toLink);
    },

    async revoke(id) {
      const result = await db.deleteFrom("admin_links").where("id", "=", id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async revokeFor(person, trx = db) {
      const rows = await trx
        .deleteFrom("admin_links")
        .where((eb) => eb.or([eb("created_by", "=", person.id), eb("email", "=", person.email)]))
        .returning("id")
        .execute();
      return rows.map((row) => row.id);
    },

    async deleteExpiredBefore(before) {
      const result = await db
        .deleteFrom("admin_links")
        .where("expires_at", "<", before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
