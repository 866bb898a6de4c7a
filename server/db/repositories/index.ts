// The repositories the routes use: storage without a driver in sight.
import { formFlashTtlMs } from "../../site/form-flash.ts";
import type { AppDatabase } from "../database.ts";
import { type AdminAccountsRepository, adminAccountsRepository } from "./admin-accounts.ts";
import { type AdminAuditRepository, adminAuditRepository } from "./admin-audit.ts";
import { type AdminInboxRepository, adminInboxRepository } from "./admin-inbox.ts";
import { type AdminLinksRepository, adminLinksRepository } from "./admin-links.ts";
import { type AdminSessionsRepository, adminSessionsRepository } from "./admin-sessions.ts";
import { type ClientAddressHasher, clientAddressHasher } from "./client-addresses.ts";
import { type ContactMessagesRepository, contactMessagesRepository } from "./contact-messages.ts";
import { type FormFlashesRepository, formFlashesRepository } from "./form-flashes.ts";
import { type LeadDeliveriesRepository, leadDeliveriesRepository } from "./lead-deliveries.ts";
import { type LeadSendersRepository, leadSendersRepository } from "./lead-senders.ts";
import { type MailOutboxRepository, mailOutboxRepository } from "./mail-outbox.ts";
import { type MessageTriageRepository, messageTriageRepository } from "./message-triage.ts";
import {
  type ReferrerAnalyticsRepository,
  referrerAnalyticsRepository,
} from "./referrer-analytics.ts";
import { type ReferrerVisitsRepository, referrerVisitsRepository } from "./referrer-visits.ts";
import { type ServerSecretsRepository, serverSecretsRepository } from "./server-secrets.ts";
import { type SiteEventsRepository, siteEventsRepository } from "./site-events.ts";
import { type TeamMailRepository, teamMailRepository } from "./team-mail.ts";
import { type VisitRollupsRepository, visitRollupsRepository } from "./visit-rollups.ts";
import { type WeeklyReportsRepository, weeklyReportsRepository } from "./weekly-reports.ts";

export interface Repositories {
  contactMessages: ContactMessagesRepository;
  referrerVisits: ReferrerVisitsRepository;
  clientAddresses: ClientAddressHasher;
  mailOutbox: MailOutboxRepository;
  adminAccounts: AdminAccountsRepository;
  adminSessions: AdminSessionsRepository;
  adminInbox: AdminInboxRepository;
  adminLinks: AdminLinksRepository;
  adminAudit: AdminAuditRepository;
  messageTriage: MessageTriageRepository;
  referrerAnalytics: ReferrerAnalyticsRepository;
  visitRollups: VisitRollupsRepository;
  formFlashes: FormFlashesRepository;
  siteEvents: SiteEventsRepository;
  weeklyReports: WeeklyReportsRepository;
  teamMail: TeamMailRepository;
  leadSenders: LeadSendersRepository;
  leadDeliveries: LeadDeliveriesRepository;
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
    mailOutbox: mailOutboxRepository(database),
    adminAccounts: adminAccountsRepository(database),
    adminSessions: adminSessionsRepository(database),
    adminInbox: adminInboxRepository(database),
    adminLinks: adminLinksRepository(database),
    adminAudit: adminAuditRepository(database),
    messageTriage: messageTriageRepository(database, timeZone),
    referrerAnalytics: referrerAnalyticsRepository(database, timeZone),
    visitRollups: visitRollupsRepository(database, undefined, timeZone),
    formFlashes: formFlashesRepository(database, { ttlMs: formFlashTtlMs }),
    siteEvents: siteEventsRepository(database),
    weeklyReports: weeklyReportsRepository(database),
    teamMail: teamMailRepository(database),
    leadSenders: leadSendersRepository(database),
    leadDeliveries: leadDeliveriesRepository(database),
    serverSecrets: serverSecretsRepository(database),
  };
}
