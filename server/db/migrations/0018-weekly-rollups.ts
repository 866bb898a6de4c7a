// The narrow rollups summed by week (Monday to Sunday, in the site's time zone as the days are): a 90-day report
// reads about 13 weeks and a few days instead of 90 days of rows, a 12-month one about 52 weeks instead of 365.
import { type Kysely, sql } from "kysely";
import type { ColumnTypes } from "./index.ts";

export function up(types: ColumnTypes) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable("visit_rollups_by_key_week")
      .addColumn("dimension", "text", (col) => col.notNull())
      .addColumn("week", "text", (col) => col.notNull())
      .addColumn("source", "text", (col) => col.notNull())
      .addColumn("value", "text", (col) => col.notNull())
      .addColumn("visits", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("bot_visits", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("messages", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("pageviews", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("signups", "integer", (col) => col.notNull().defaultTo(0))
      .addColumn("clicks", "integer", (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint("visit_rollups_by_key_week_pkey", [
        "dimension",
        "week",
        "source",
        "value",
      ])
      .execute();
    // The Monday of each day's week, as YYYY-MM-DD.
    const monday =
      types.dialect === "postgres"
        ? sql`to_char(date_trunc('week', cast(day as date)), 'YYYY-MM-DD')`
        : sql`date(day, '-6 days', 'weekday 1')`;
    await sql`
      insert into visit_rollups_by_key_week
        (dimension, week, source, value, visits, bot_visits, messages, pageviews, signups, clicks)
      select dimension, ${monday}, source, value, sum(visits), sum(bot_visits), sum(messages), sum(pageviews),
        sum(signups), sum(clicks)
      from visit_rollups_by_key
      group by dimension, ${monday}, source, value`.execute(db);
  };
}

export function down() {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema.dropTable("visit_rollups_by_key_week").ifExists().execute();
  };
}
