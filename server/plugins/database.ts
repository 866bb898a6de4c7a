// Puts the open database and its repositories on the instance. The caller (main.ts, a test) opens, migrates
// and closes the database; this plugin only hands it to the routes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { AppDatabase } from "../db/database.ts";
import { createRepositories, type Repositories } from "../db/repositories/index.ts";

export interface DatabasePluginOptions {
  database: AppDatabase;
  /** ANALYTICS_TIME_ZONE: the days and hours the rollups and reports count in. */
  timeZone?: string | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    database: AppDatabase;
    repositories: Repositories;
    analyticsTimeZone: string;
  }
}

async function database(app: FastifyInstance, options: DatabasePluginOptions): Promise<void> {
  const { timeZone = "UTC" } = options;
  app.decorate("database", options.database);
  app.decorate("repositories", createRepositories(options.database, { timeZone }));
  app.decorate("analyticsTimeZone", timeZone);
}

export default fp(database, { name: "database", fastify: "5.x" });
