// The inbox search on both databases over a message stored before its search text existed: the migration that adds
// the column fills it, folded as the repository folds new messages.
import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { contactMessage } from "../../test/factories.ts";
import { before0013, migrationsFrom, withDatabaseBefore } from "../../test/older-schema.ts";
import { dialects, storageTest as it } from "../../test/storage.ts";
import { migrateToLatest } from "../database.ts";
import { contactMessagesRepository } from "./contact-messages/index.ts";

describe.each(dialects)("inbox search on %s", (dialect) => {
  it.override("dialect", dialect);

  it("finds a message stored before the search text, folded, once migrated", async () => {
    await withDatabaseBefore(dialect, "0013-message-search", async (older) => {
      await before0013(older)
        .insertInto("contact_messages")
        .values({
          ...contactMessage({ name: "José Álvarez", business_name: "Mercado Ñuñoa" }),
          id: randomUUID(),
          created_at: new Date().toISOString(),
        })
        .execute();
      expect(await migrateToLatest(older)).toEqual(migrationsFrom("0013-message-search"));
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
