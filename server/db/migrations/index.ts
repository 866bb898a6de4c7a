// The one migration set of both dialects, in order. A migration that needs a type that differs between
// SQLite and PostgreSQL takes it from ColumnTypes.
import type { ColumnDataType, Kysely } from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";
import type { DialectName } from "../database.ts";
import * as functions from "./0001-functions.ts";
import * as mailOutbox from "./0002-mail-outbox.ts";
import * as admin from "./0003-admin.ts";
import * as visitRollups from "./0004-visit-rollups.ts";
import * as inboxTriage from "./0005-inbox-triage.ts";
import * as rollupsByUtm from "./0006-rollups-by-utm.ts";
import * as hourlyRollups from "./0007-hourly-rollups.ts";
import * as formFlashes from "./0008-form-flashes.ts";
import * as siteEvents from "./0009-site-events.ts";
import * as rollupQueue from "./0010-rollup-queue.ts";
import * as visitSteps from "./0011-visit-steps.ts";
import * as weeklyReports from "./0012-weekly-reports.ts";
import * as messageSearch from "./0013-message-search.ts";
import * as team from "./0014-team.ts";
import * as twoStep from "./0015-two-step.ts";
import * as rollupQueueByKind from "./0016-rollup-queue-by-kind.ts";
import * as leads from "./0017-leads.ts";
import * as weeklyRollups from "./0018-weekly-rollups.ts";
import * as writeProbe from "./0020-write-probe.ts";
import * as channels from "./0021-channels.ts";
import * as rateLimitCounters from "./0022-rate-limit-counters.ts";
import * as outbox from "./0023-outbox.ts";

export interface ColumnTypes {
  dialect: DialectName;
  uuid: ColumnDataType;
  timestamp: ColumnDataType;
  boolean: ColumnDataType;
  epochMillis: ColumnDataType;
  /** The literal false in the boolean type. */
  false: boolean | number;
}

const columnTypes: Record<DialectName, ColumnTypes> = {
  sqlite: {
    dialect: "sqlite",
    uuid: "text",
    timestamp: "text",
    boolean: "integer",
    epochMillis: "integer",
    false: 0,
  },
  postgres: {
    dialect: "postgres",
    uuid: "uuid",
    timestamp: "timestamptz",
    boolean: "boolean",
    epochMillis: "bigint",
    false: false,
  },
};

type Step = (types: ColumnTypes) => (db: Kysely<unknown>) => Promise<void>;

const steps: Record<string, { up: Step; down: Step }> = {
  "0001-functions": functions,
  "0002-mail-outbox": mailOutbox,
  "0003-admin": admin,
  "0004-visit-rollups": visitRollups,
  "0005-inbox-triage": inboxTriage,
  "0006-rollups-by-utm": rollupsByUtm,
  "0007-hourly-rollups": hourlyRollups,
  "0008-form-flashes": formFlashes,
  "0009-site-events": siteEvents,
  "0010-rollup-queue": rollupQueue,
  "0011-visit-steps": visitSteps,
  "0012-weekly-reports": weeklyReports,
  "0013-message-search": messageSearch,
  "0014-team": team,
  "0015-two-step": twoStep,
  "0016-rollup-queue-by-kind": rollupQueueByKind,
  "0017-leads": leads,
  "0018-weekly-rollups": weeklyRollups,
  "0020-write-probe": writeProbe,
  "0021-channels": channels,
  "0022-rate-limit-counters": rateLimitCounters,
  "0023-outbox": outbox,
};

/** The migrations this code knows, oldest first. */
export const migrationNames: readonly string[] = Object.keys(steps);

export function migrationProvider(dialect: DialectName): MigrationProvider {
  const types = columnTypes[dialect];
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return Object.fromEntries(
        Object.entries(steps).map(([name, step]) => [
          name,
          { up: step.up(types), down: step.down(types) },
        ]),
      );
    },
  };
}
