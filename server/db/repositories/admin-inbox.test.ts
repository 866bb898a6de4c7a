// The inbox search on both databases over a message stored before its search text existed: the migration that adds
// the column fills it, folded as the repository folds new messages.
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { contactMessage } from "../../test/factories.ts";
import { before0013, withDatabaseAt } from "../../test/older-schema.ts";
import { dialects, storageTest as it } from "../../test/storage.ts";
import { migrateToLatest } from "../database.ts";
import { migrationNames } from "../migrations/index.ts";
import { contactMessagesRepository } from "./contact-messages/index.ts";

describe.each(dialects)("inbox search on %s", (dialect) => {
  it.override("dialect", dialect);

  it("finds a message stored before the search text, folded, once migrated", async () => {
    await withDatabaseAt(dialect, "0012-weekly-reports", async (older) => {
      await before0013(older)
        .insertInto("contact_messages")
        .values({
          ...contactMessage({ name: "José Álvarez", business_name: "Mercado Ñuñoa" }),
          id: randomUUID(),
          created_at: new Date().toISOString(),
        })
        .execute();
      expect(await migrateToLatest(older)).toEqual(
        migrationNames.slice(migrationNames.indexOf("0013-message-search")),
      );
      const found = async (search: string) =>
        (await contactMessagesRepository(older).list({ search, limit: 50 })).messages.map(
          (m) => m.name,
        );
      for (const search of ["alvarez", "ÁLVAREZ", "JOSÉ", "mercado nunoa"])
        expect(await found(search), search).toEqual(["José Álvarez"]);
      expect(await found("alvarado")).toEqual([]);
    });
  });
});
