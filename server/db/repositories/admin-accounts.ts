// The team's accounts and two-step sign-in (TOTP secret, recovery codes, whether everyone must use it); their
// sessions are in admin-sessions.ts. The first owner is set up from ADMIN_EMAIL and ADMIN_PASSWORD; the others join
// by invitation. Role changes and removals keep at least one owner.
import type { TeamRole } from "../../../contracts/team.ts";
import type { AppDatabase, Executor } from "../database.ts";
import { deleteAllLinks } from "./admin-links.ts";
import { endSessionsOf } from "./admin-sessions.ts";

export interface AdminAccount {
  id: string;
  email: string;
  name: string | null;
  role: TeamRole;
  passwordHash: string;
  /** Hash of the ADMIN_PASSWORD last applied (the first owner's); null for everyone else. */
  setupHash: string | null;
  /** The TOTP secret (base32) when two-step sign-in is on. */
  totpSecret: string | null;
}

export interface StoredMember {
  id: string;
  email: string;
  name: string | null;
  role: TeamRole;
  createdAt: Date;
  twoStep: boolean;
}

/** What a role change or a removal came to; "lastOwner": refused, it would leave the team without an owner. */
export type TeamChange = "changed" | "missing" | "lastOwner";

export interface AdminAccountsRepository {
  byEmail(email: string): Promise<AdminAccount | null>;
  byId(id: string): Promise<AdminAccount | null>;
  /**
   * Makes the address an owner with this password, noting it as ADMIN_PASSWORD's; when it already existed its
   * sessions end and its two-step sign-in is turned off (a recovery). True when the account was created.
   */
  setUpOwner(account: {
    id: string;
    email: string;
    passwordHash: string;
  }): Promise<{ created: boolean }>;
  /**
   * Creates the address as an owner with this password, noted as ADMIN_PASSWORD's, unless the address exists
   * (another instance starting at the same time may have just created it): true when this call created it.
   */
  createOwner(account: { id: string; email: string; passwordHash: string }): Promise<boolean>;
  /** A person who accepted an invitation (in the transaction that uses the link). */
  create(
    account: {
      id: string;
      email: string;
      name: string | null;
      role: TeamRole;
      passwordHash: string;
    },
    trx?: Executor,
  ): Promise<void>;
  /**
   * Sets a password; every session of the account but `keepSession` (a token hash) ends: their token hashes. One set
   * through a one-time link forgets the ADMIN_PASSWORD applied last, so the next start sets that owner up again.
   */
  setPassword(
    id: string,
    passwordHash: string,
    options?: { keepSession?: string | undefined; byLink?: boolean; trx?: Executor },
  ): Promise<string[]>;
  list(): Promise<StoredMember[]>;
  setRole(id: string, role: TeamRole): Promise<TeamChange>;
  /**
   * Removes a person and their sessions, and runs `also` (what else ends with them) in the same transaction; the
   * token hashes of the sessions that ended.
   */
  remove(
    id: string,
    also?: (trx: Executor) => Promise<void>,
  ): Promise<{ change: TeamChange; endedSessions: string[] }>;
  /** Removes every account and session; the number of accounts removed. */
  removeAll(): Promise<number>;
  /** Keeps a new secret for the account until a code from it confirms it. */
  setPendingTotp(id: string, secret: string): Promise<void>;
  pendingTotp(id: string): Promise<string | null>;
  /**
   * Turns two-step on with the pending secret (step `step` used) and these recovery code hashes; false (nothing
   * changed) when it is on already: only turning it off, with the password, lets a new secret replace it.
   */
  enableTotp(id: string, secret: string, step: number, recoveryHashes: string[]): Promise<boolean>;
  disableTotp(id: string): Promise<void>;
  /** Records a TOTP step as used; false when it or a later one was used already (a code works once). */
  claimTotpStep(id: string, step: number): Promise<boolean>;
  /** Deletes a recovery code of the account; true when it was there (a code works once). */
  spendRecoveryCode(id: string, codeHash: string): Promise<boolean>;
  recoveryCodesLeft(id: string): Promise<number>;
}

const accountColumns = [
  "id",
  "email",
  "name",
  "role",
  "password_hash",
  "setup_hash",
  "totp_secret",
] as const;

function toAccount(row: {
  id: string;
  email: string;
  name: string | null;
  role: TeamRole;
  password_hash: string;
  setup_hash: string | null;
  totp_secret: string | null;
}): AdminAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    passwordHash: row.password_hash,
    setupHash: row.setup_hash,
    totpSecret: row.totp_secret,
  };
}

/** The first owner's row as ADMIN_EMAIL and ADMIN_PASSWORD set it up. */
function ownerRow(account: { id: string; email: string; passwordHash: string }, at: string) {
  return {
    id: account.id,
    email: account.email,
    name: null,
    role: "owner" as const,
    password_hash: account.passwordHash,
    setup_hash: account.passwordHash,
    created_at: at,
    updated_at: at,
  };
}

export function adminAccountsRepository(database: AppDatabase): AdminAccountsRepository {
  const { db } = database;

  /**
   * The role of `id` and whether another owner would remain without it, read in the transaction that changes it.
   * On PostgreSQL the rows read (the owners' and `id`'s) stay locked until that transaction ends: under read
   * committed, two owners demoting each other at once would otherwise each count the other and both succeed; the
   * second now waits for the first and counts what it left. SQLite needs no lock: its write transactions take the
   * database's write lock at BEGIN (IMMEDIATE), so they run one at a time.
   */
  const ownersWith = async (trx: Executor, id: string) => {
    let query = trx
      .selectFrom("admin_users")
      .select(["id", "role"])
      .where((eb) => eb.or([eb("role", "=", "owner"), eb("id", "=", id)]))
      .orderBy("id");
    if (database.dialect === "postgres") query = query.forUpdate();
    const rows = await query.execute();
    return {
      role: rows.find((row) => row.id === id)?.role ?? null,
      otherOwner: rows.some((row) => row.role === "owner" && row.id !== id),
    };
  };

  return {
    async byEmail(email) {
      const row = await db
        .selectFrom("admin_users")
        .select(accountColumns)
        .where("email", "=", email.toLowerCase())
        .executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    async byId(id) {
      const row = await db
        .selectFrom("admin_users")
        .select(accountColumns)
        .where("id", "=", id)
        .executeTakeFirst();
      return row ? toAccount(row) : null;
    },

    setUpOwner(account) {
      const at = new Date().toISOString();
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("admin_users")
          .set({
            password_hash: account.passwordHash,
            setup_hash: account.passwordHash,
            role: "owner",
            // A recovery: whoever lost the password may have lost the phone too.
            totp_secret: null,
            totp_pending: null,
            totp_last_step: null,
            updated_at: at,
          })
          .where("email", "=", account.email)
          .returning("id")
          .executeTakeFirst();
        if (updated) {
          await endSessionsOf(trx, updated.id);
          await trx.deleteFrom("admin_recovery_codes").where("user_id", "=", updated.id).execute();
          return { created: false };
        }
        await trx.insertInto("admin_users").values(ownerRow(account, at)).execute();
        return { created: true };
      });
    },

    async createOwner(account) {
      const at = new Date().toISOString();
      const result = await db
        .insertInto("admin_users")
        .values(ownerRow(account, at))
        .onConflict((conflict) => conflict.column("email").doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async create(account, trx = db) {
      const at = new Date().toISOString();
      await trx
        .insertInto("admin_users")
        .values({
          id: account.id,
          email: account.email,
          name: account.name,
          role: account.role,
          password_hash: account.passwordHash,
          setup_hash: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    },

    async setPassword(id, passwordHash, { keepSession, byLink = false, trx } = {}) {
      const run = async (executor: Executor) => {
        await executor
          .updateTable("admin_users")
          .set({
            password_hash: passwordHash,
            updated_at: new Date().toISOString(),
            ...(byLink ? { setup_hash: null } : {}),
          })
          .where("id", "=", id)
          .execute();
        return endSessionsOf(executor, id, keepSession);
      };
      return trx ? run(trx) : db.transaction().execute(run);
    },

    async list() {
      const rows = await db
        .selectFrom("admin_users")
        .select(["id", "email", "name", "role", "created_at", "totp_secret"])
        .orderBy("created_at")
        .orderBy("email")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        createdAt: new Date(row.created_at),
        twoStep: row.totp_secret !== null,
      }));
    },

    setRole(id, role) {
      return db.transaction().execute(async (trx): Promise<TeamChange> => {
        const current = await ownersWith(trx, id);
        if (current.role === null) return "missing";
        if (current.role === "owner" && role !== "owner" && !current.otherOwner) return "lastOwner";
        await trx
          .updateTable("admin_users")
          .set({ role, updated_at: new Date().toISOString() })
          .where("id", "=", id)
          .execute();
        return "changed";
      });
    },

    remove(id, also) {
      return db.transaction().execute(async (trx) => {
        const current = await ownersWith(trx, id);
        if (current.role === null) return { change: "missing" as const, endedSessions: [] };
        if (current.role === "owner" && !current.otherOwner) {
          return { change: "lastOwner" as const, endedSessions: [] };
        }
        const endedSessions = await endSessionsOf(trx, id);
        await trx.deleteFrom("admin_users").where("id", "=", id).execute();
        await also?.(trx);
        return { change: "changed" as const, endedSessions };
      });
    },

    removeAll() {
      return db.transaction().execute(async (trx) => {
        await endSessionsOf(trx, null);
        await deleteAllLinks(trx);
        const result = await trx.deleteFrom("admin_users").executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },

    async setPendingTotp(id, secret) {
      await db
        .updateTable("admin_users")
        .set({ totp_pending: secret })
        .where("id", "=", id)
        .execute();
    },

    async pendingTotp(id) {
      const row = await db
        .selectFrom("admin_users")
        .select("totp_pending")
        .where("id", "=", id)
        .executeTakeFirst();
      return row?.totp_pending ?? null;
    },

    enableTotp(id, secret, step, recoveryHashes) {
      return db.transaction().execute(async (trx) => {
        // Conditional: of two confirmations at once, the second finds two-step on and changes nothing.
        const result = await trx
          .updateTable("admin_users")
          .set({ totp_secret: secret, totp_pending: null, totp_last_step: step })
          .where("id", "=", id)
          .where("totp_secret", "is", null)
          .executeTakeFirst();
        if (result.numUpdatedRows === 0n) return false;
        await trx.deleteFrom("admin_recovery_codes").where("user_id", "=", id).execute();
        await trx
          .insertInto("admin_recovery_codes")
          .values(recoveryHashes.map((code_hash) => ({ code_hash, user_id: id })))
          .execute();
        return true;
      });
    },

    async disableTotp(id) {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("admin_users")
          .set({ totp_secret: null, totp_pending: null, totp_last_step: null })
          .where("id", "=", id)
          .execute();
        await trx.deleteFrom("admin_recovery_codes").where("user_id", "=", id).execute();
      });
    },

    async claimTotpStep(id, step) {
      // One conditional update: of two sign-ins with the same code, one sets the step and the other finds it set.
      const result = await db
        .updateTable("admin_users")
        .set({ totp_last_step: step })
        .where("id", "=", id)
        .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async spendRecoveryCode(id, codeHash) {
      const result = await db
        .deleteFrom("admin_recovery_codes")
        .where("user_id", "=", id)
        .where("code_hash", "=", codeHash)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async recoveryCodesLeft(id) {
      const row = await db
        .selectFrom("admin_recovery_codes")
        .select((eb) => eb.fn.countAll().as("left"))
        .where("user_id", "=", id)
        .executeTakeFirstOrThrow();
      return Number(row.left);
    },
  };
}
