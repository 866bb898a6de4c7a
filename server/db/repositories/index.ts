// The repositories the routes use: storage without a driver in sight.
import type { AppDatabase } from "../database.ts";
import { type ClientAddressHasher, clientAddressHasher } from "./client-addresses.ts";
import { type ContactMessagesRepository, contactMessagesRepository } from "./contact-messages.ts";
import { type MailOutboxRepository, mailOutboxRepository } from "./mail-outbox.ts";
import { type ReferrerVisitsRepository, referrerVisitsRepository } from "./referrer-visits.ts";

export interface Repositories {
  contactMessages: ContactMessagesRepository;
  referrerVisits: ReferrerVisitsRepository;
  clientAddresses: ClientAddressHasher;
  mailOutbox: MailOutboxRepository;
}

export function createRepositories(database: AppDatabase): Repositories {
  return {
    contactMessages: contactMessagesRepository(database),
    referrerVisits: referrerVisitsRepository(database),
    clientAddresses: clientAddressHasher(database),
    mailOutbox: mailOutboxRepository(database),
  };
}
