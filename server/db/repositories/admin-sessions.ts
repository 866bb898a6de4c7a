// The console's sign-in sessions, by the hash of their token (the token itself is only ever in the cookie): created at
// sign-in, used and refreshed by each request, ended at sign-out, and all of a person's ended when their password
// changes or they leave the team (admin-accounts.ts, in that transaction).
import type { TeamRole } from "../../../contracts/team.ts";
import type { AppDatabase, Executor } from "../database.ts";

export interface StoredAdminSession {
  userId: string;
  email: string;
  name: string | null;
  role: TeamRole;
  /** The person has two-step sign-in on. */
  twoStep: boolean;
  /** An owner requires two-step sign-in of everyone. */
  twoStepRequired: boolean;
  /** Sign-in time, ms since the epoch. */
  createdAt: number;
  /** Last use, ms since the epoch. */
  lastSeenAt: number;
}

export interface AdminSessionsRepository {
  /** Stores a new session; sessions that have ended (idle or too old at `at`) are deleted on the way. */
  create(
    tokenHash: string,
    userId: string,
    at: number,
    limits: { idleMs: number; maxAgeMs: number },
  ): Promise<void>;
  /** The session with its person, or null when it does not exist (ended, or never did). */
  find(tokenHash: string): Promise<StoredAdminSession | null>;
  touch(tokenHash: string, at: number): Promise<void>;
  /**
   * Replaces a session's token hash (a refresh): the new row keeps the sign-in time, is used at `at`, and the old
   * row is gone, in one transaction. Null when the old session no longer exists.
   */
  rotate(
    oldHash: string,
    newHash: string,
    at: number,
  ): Promise<{ userId: string; createdAt: number } | null>;
  /** Ends a session; false when it had ended already. */
  end(tokenHash: string): Promise<boolean>;
  /** The team requires two-step sign-in (an owner's setting, read with each session). */
  twoStepRequired(): Promise<boolean>;
  setTwoStepRequired(required: boolean): Promise<void>;
}

/**
 * Ends every session of a person (of everyone when `userId` is null) but `keep` (a token hash), in `trx`; the token
 * hashes of the sessions that ended.
 */
export async function endSessionsOf(
  trx: Executor,
  userId: string | null,
  keep?: string,
): Promise<string[]> {
  let ended = trx.deleteFrom("admin_sessions");
  if (userId !== null) ended = ended.where("user_id", "=", userId);
  if (keep) ended = ended.where("token_hash", "!=", keep);
  const rows = await ended.returning("token_hash").execute();
  return rows.map((row) => row.token_hash);
}

export function adminSessionsRepository(database: AppDatabase): AdminSessionsRepository {
  const { db } = database;
  return {
    create(tokenHash, userId, at, limits) {
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

    async find(tokenHash) {
      const row = await db
        .selectFrom("admin_sessions as s")
        .innerJoin("admin_users as u", "u.id", "s.user_id")
        .select((eb) => [
          "s.user_id",
          "u.email",
          "u.name",
          "u.role",
          "u.totp_secret",
          "s.created_at",
          "s.last_seen_at",
          eb
            .selectFrom("admin_settings")
            .select("value")
            .where("key", "=", "two_step_required")
            .as("two_step_required"),
        ])
        .where("s.token_hash", "=", tokenHash)
        .executeTakeFirst();
      return row
        ? {
            userId: row.user_id,
            email: row.email,
            name: row.name,
            role: row.role,
            twoStep: row.totp_secret !== null,
            twoStepRequired: row.two_step_required === "yes",
            createdAt: Number(row.created_at),
            lastSeenAt: Number(row.last_seen_at),
          }
        : null;
    },

    async touch(tokenHash, at) {
      await db
        .updateTable("admin_sessions")
        .set({ last_seen_at: at })
        .where("token_hash", "=", tokenHash)
        .execute();
    },

    rotate(oldHash, newHash, at) {
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
        return { userId: old.user_id, createdAt: Number(old.created_at) };
      });
    },

    async end(tokenHash) {
      const result = await db
        .deleteFrom("admin_sessions")
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async twoStepRequired() {
      const row = await db
        .selectFrom("admin_settings")
        .select("value")
        .where("key", "=", "two_step_required")
        .executeTakeFirst();
      return row?.value === "yes";
    },

    async setTwoStepRequired(required) {
      await db
        .insertInto("admin_settings")
        .values({ key: "two_step_required", value: required ? "yes" : "no" })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: required ? "yes" : "no" }))
        .execute();
    },
  };
}
