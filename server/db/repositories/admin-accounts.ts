// The admin account and its sessions: reads on this thread, writes as named operations through the write queue.
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
  endSession(tokenHash: string): Promise<boolean>;
}

export function adminAccountsRepository(database: AppDatabase): AdminAccountsRepository {
  const { db, writes } = database;
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

    save(account) {
      return writes.run("setAdminAccount", {
        id: account.id,
        email: account.email,
        password_hash: account.passwordHash,
        at: new Date().toISOString(),
      });
    },

    removeAll() {
      return writes.run("removeAdminAccounts", {});
    },

    createSession(tokenHash, userId, at, limits) {
      return writes.run("createAdminSession", {
        token_hash: tokenHash,
        user_id: userId,
        at,
        idle_ms: limits.idleMs,
        max_age_ms: limits.maxAgeMs,
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

    touchSession(tokenHash, at) {
      return writes.run("touchAdminSession", { token_hash: tokenHash, at });
    },

    endSession(tokenHash) {
      return writes.run("endAdminSession", { token_hash: tokenHash });
    },
  };
}
