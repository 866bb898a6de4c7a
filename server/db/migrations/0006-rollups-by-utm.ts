// The narrow rollups by utm_source and by utm_medium too (with the source class), so that the console's unfiltered
// breakdown reads only narrow rows; filled from the wide daily rollups.
import { type Kysely, sql } from "kysely";

/** Adds the utm_source and utm_medium rows of every day in the wide rollups (also the benchmark's bulk path). */
export async function addUtmKeys(db: Kysely<unknown>): Promise<void> {
  for (const [dimension, column] of [
    ["utm_source", sql.ref("utm_source")],
    ["utm_medium", sql.ref("utm_medium")],
  ] as const) {
    await sql`
      insert into visit_rollups_by_key (dimension, day, source, value, visits, bot_visits, messages)
      select ${dimension}, day, source, ${column}, sum(visits), sum(bot_visits), sum(messages)
      from visit_rollups
      group by day, source, ${column}
      on conflict (dimension, day, source, value) do update set
        visits = excluded.visits, bot_visits = excluded.bot_visits, messages = excluded.messages`.execute(
      db,
    );
  }
}

export function up() {
  return addUtmKeys;
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await sql`delete from visit_rollups_by_key where dimension in ('utm_source', 'utm_medium')`.execute(
      db,
    );
  };
}
