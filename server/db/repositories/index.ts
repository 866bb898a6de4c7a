// The repositories the routes use: storage without a driver in sight.
import { formFlashTtlMs } from "../../site/form-flash.ts";
import type { AppDatabase } from "../database.ts";
import { type AdminAccountsRepository, adminAccountsRepository } from "./admin-accounts.ts";
import { type AdminAuditRepository, adminAuditRepository } from "./admin-audit.ts";
import { type AdminLinksRepository, adminLinksRepository } from "./admin-links.ts";
import { type AdminSessionsRepository, adminSessionsRepository } from "./admin-sessions.ts";
import { type ClientAddressHasher, clientAddressHasher } from "./client-addresses.ts";
import {
  type ContactMessagesRepository,
  contactMessagesRepository,
} from "./contact-messages/index.ts";
import { type FormFlashesRepository, formFlashesRepository } from "./form-flashes.ts";
import { type LeadSendersRepository, leadSendersRepository } from "./lead-senders.ts";
import { type OutboxRepository, outboxRepository } from "./outbox.ts";
import {
  type ReferrerAnalyticsRepository,
  referrerAnalyticsRepository,
} from "./referrer-analytics.ts";
import { type ReferrerVisitsRepository, referrerVisitsRepository } from "./referrer-visits.ts";
import { type ServerSecretsRepository, serverSecretsRepository } from "./server-secrets.ts";
import { type SiteEventsRepository, siteEventsRepository } from "./site-events.ts";
import { type VisitRollupsRepository, visitRollupsRepository } from "./visit-rollups.ts";

export interface Repositories {
  contactMessages: ContactMessagesRepository;
  referrerVisits: ReferrerVisitsRepository;
  clientAddresses: ClientAddressHasher;
  outbox: OutboxRepository;
  adminAccounts: AdminAccountsRepository;
  adminSessions: AdminSessionsRepository;
  adminLinks: AdminLinksRepository;
  adminAudit: AdminAuditRepository;
  referrerAnalytics: ReferrerAnalyticsRepository;
  visitRollups: VisitRollupsRepository;
  formFlashes: FormFlashesRepository;
  siteEvents: SiteEventsRepository;
  leadSenders: LeadSendersRepository;
  serverSecrets: ServerSecretsRepository;
}

export interface RepositoryOptions {
  /** ANALYTICS_TIME_ZONE: the days and hours of the rollups and reports. */
  timeZone: string;
}

export function createRepositories(
  database: AppDatabase,
  { timeZone }: RepositoryOptions = { timeZone: "UTC" },
): Repositories {
  return {
    contactMessages: contactMessagesRepository(database, undefined, timeZone),
    referrerVisits: referrerVisitsRepository(database),
    clientAddresses: clientAddressHasher(database),
    outbox: outboxRepository(database),
    adminAccounts: adminAccountsRepository(database),
    adminSessions: adminSessionsRepository(database),
    adminLinks: adminLinksRepository(database),
    adminAudit: adminAuditRepository(database),
    referrerAnalytics: referrerAnalyticsRepository(database, timeZone),
    visitRollups: visitRollupsRepository(database, undefined, timeZone),
    formFlashes: formFlashesRepository(database, { ttlMs: formFlashTtlMs }),
    siteEvents: siteEventsRepository(database),
    leadSenders: leadSendersRepository(database),
    serverSecrets: serverSecretsRepository(database),
  };
}
