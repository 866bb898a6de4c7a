// The admin account and its sessions.
import type { AppDatabase } from "../database.ts";

export interface AdminAccount {
  id: string;
  email: string;
  passwordHash: string;
}

export interface StoredAdminSession {
  userId: string;
  email: string;
  /** Sign-in time, ms since the epoch. */
  createdAt: number;
  /** Last use, ms since the epoch. */
  lastSeenAt: number;
}

export interface AdminAccountsRepository {
  /** The one admin account, or null. */
  current(): Promise<AdminAccount | null>;
  /** Makes this the one account with these credentials (ends every session); true when it was created. */
  save(account: AdminAccount): Promise<{ created: boolean }>;
  /** Removes every account and session; the number of accounts removed. */
  removeAll(): Promise<number>;
  createSession(
    tokenHash: string,
    userId: string,
    at: number,
    limits: { idleMs: number; maxAgeMs: number },
  ): Promise<void>;
  findSession(tokenHash: string): Promise<StoredAdminSession | null>;
  touchSession(tokenHash: string, at: number): Promise<void>;
  /**
   * Replaces a session's token hash (a refresh): the new row keeps the sign-in time, is used at `at`, and the old
   * row is gone, in one transaction. Null when the old session no longer exists.
   */
  rotateSession(
    oldHash: string,
    newHash: string,
    at: number,
  ): Promise<{ email: string; createdAt: number } | null>;
  endSession(tokenHash: string): Promise<boolean>;
}

export function adminAccountsRepository(database: AppDatabase): AdminAccountsRepository {
  const { db } = database;
  return {
    async current() {
      const row = await db
        .selectFrom("admin_users")
        .select(["id", "email", "password_hash"])
        .orderBy("created_at")
        .limit(1)
        .executeTakeFirst();
      return row ? { id: row.id, email: row.email, passwordHash: row.password_hash } : null;
    },

    // Runs only when the address or the password changed: every session ends, any other account goes.
    save(account) {
      const at = new Date().toISOString();
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("admin_sessions").execute();
        await trx.deleteFrom("admin_users").where("id", "!=", account.id).execute();
        const updated = await trx
          .updateTable("admin_users")
          .set({ email: account.email, password_hash: account.passwordHash, updated_at: at })
          .where("id", "=", account.id)
          .executeTakeFirst();
        if (updated.numUpdatedRows > 0n) return { created: false };
        await trx
          .insertInto("admin_users")
          .values({
            id: account.id,
            email: account.email,
            password_hash: account.passwordHash,
            created_at: at,
            updated_at: at,
          })
          .execute();
        return { created: true };
      });
    },

    removeAll() {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("admin_sessions").execute();
        const result = await trx.deleteFrom("admin_users").executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },

    // Sessions that have ended are deleted on the way.
    createSession(tokenHash, userId, at, limits) {
      return db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom("admin_sessions")
          .where((eb) =>
            eb.or([
              eb("last_seen_at", "<=", at - limits.idleMs),
              eb("created_at", "<=", at - limits.maxAgeMs),
            ]),
          )
          .execute();
        await trx
          .insertInto("admin_sessions")
          .values({ token_hash: tokenHash, user_id: userId, created_at: at, last_seen_at: at })
          .execute();
      });
    },

    async findSession(tokenHash) {
      const row = await db
        .selectFrom("admin_sessions as s")
        .innerJoin("admin_users as u", "u.id", "s.user_id")
        .select(["s.user_id", "u.email", "s.created_at", "s.last_seen_at"])
        .where("s.token_hash", "=", tokenHash)
        .executeTakeFirst();
      return row
        ? {
            userId: row.user_id,
            email: row.email,
            createdAt: Number(row.created_at),
            lastSeenAt: Number(row.last_seen_at),
          }
        : null;
    },

    async touchSession(tokenHash, at) {
      await db
        .updateTable("admin_sessions")
        .set({ last_seen_at: at })
        .where("token_hash", "=", tokenHash)
        .execute();
    },

    rotateSession(oldHash, newHash, at) {
      return db.transaction().execute(async (trx) => {
        const old = await trx
          .deleteFrom("admin_sessions")
          .where("token_hash", "=", oldHash)
          .returning(["user_id", "created_at"])
          .executeTakeFirst();
        if (!old) return null;
        await trx
          .insertInto("admin_sessions")
          .values({
            token_hash: newHash,
            user_id: old.user_id,
            created_at: Number(old.created_at),
            last_seen_at: at,
          })
          .execute();
        const user = await trx
          .selectFrom("admin_users")
          .select("email")
          .where("id", "=", old.user_id)
          .executeTakeFirstOrThrow();
        return { email: user.email, createdAt: Number(old.created_at) };
      });
    },

    async endSession(tokenHash) {
      const result = await db
        .deleteFrom("admin_sessions")
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
