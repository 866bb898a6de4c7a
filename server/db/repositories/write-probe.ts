// The readiness probe's write: a row about as large as the largest request body, stored and deleted in one
// committed transaction (through the group commit, so its outcome is the database's last write outcome). It needs
// the room a message needs and keeps none of it.
import { randomBytes, randomUUID } from "node:crypto";
import { maxFunctionBodyBytes } from "../../../contracts/function-result.ts";
import type { AppDatabase } from "../database.ts";

export interface WriteProbeRepository {
  /** Resolves once a write of a request's size has committed; rejects with the database's error when it cannot. */
  probe(): Promise<void>;
}

export function writeProbeRepository(database: AppDatabase): WriteProbeRepository {
  return {
    probe() {
      const id = randomUUID();
      // Random text: neither PostgreSQL's TOAST nor anything else can store it in less room than a message needs.
      const payload = randomBytes((maxFunctionBodyBytes * 3) / 4).toString("base64");
      return database.write(async (trx) => {
        await trx.insertInto("write_probe").values({ id, payload }).execute();
        await trx.deleteFrom("write_probe").where("id", "=", id).execute();
      });
    },
  };
}
