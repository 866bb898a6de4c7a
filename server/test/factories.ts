// Sample data for the server tests: a contact form post, a contact message, a referrer visit, an admin account and
// team members with plain defaults (example.com and .example addresses) that a test overrides where it matters;
// rows are stored through the real repositories.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { TeamRole } from "../../contracts/team.ts";
import { hashPassword } from "../admin/passwords.ts";
import type { AppDatabase } from "../db/database.ts";
import { adminAccountsRepository } from "../db/repositories/admin-accounts.ts";
import {
  contactMessagesRepository,
  type NewContactMessage,
} from "../db/repositories/contact-messages/index.ts";
import {
  type NewReferrerVisit,
  referrerVisitsRepository,
} from "../db/repositories/referrer-visits.ts";
import { type NewSiteEvent, siteEventsRepository } from "../db/repositories/site-events.ts";
import { adminCredentials } from "./admin.ts";
import { testPasswordHashing } from "./app.ts";

/** The browser the sample visitors use. */
export const browserUserAgent = "Mozilla/5.0 (Test) Firefox/140.0";

/** A database, or an app whose database it is. */
export type Storage = AppDatabase | FastifyInstance;

function databaseOf(storage: Storage): AppDatabase {
  return "inject" in storage ? storage.database : storage;
}

/** When a row is stored (ms since the epoch; now unless told) and, for a message, whether its e-mail is queued. */
export interface StoreOptions {
  at?: number;
  queueMail?: boolean;
}

/** What the contact form posts with every field filled in: the body a browser sends, not a stored row. */
export function contactFormPost() {
  return {
    name: "Ada Lovelace",
    email: "ada@example.com",
    phone: "+1 555 0100",
    business_name: "Analytical Markets",
    website: "https://markets.example/fall",
    message: "Hello,\nwe run a flea market of 120 booths.\nCan you help?",
  };
}

/**
 * A contact message as the contact function hands it to the repository: from "Ada Lovelace" unless told, the
 * address and the text made from the name.
 */
export function contactMessage(overrides: Partial<NewContactMessage> = {}): NewContactMessage {
  const name = overrides.name ?? "Ada Lovelace";
  return {
    name,
    email: `${name.toLowerCase().replaceAll(" ", ".")}@example.com`,
    phone: null,
    business_name: null,
    website: null,
    message: `Hello from ${name}`,
    session_id: null,
    client_hash: "test",
    user_agent: null,
    status: "new",
    ...overrides,
  };
}

/** Stores a message through the repository the contact function uses; its id (it throws if not stored). */
export async function storeMessage(
  storage: Storage,
  overrides: Partial<NewContactMessage> = {},
  { at, queueMail = false }: StoreOptions = {},
): Promise<string> {
  const now = at === undefined ? Date.now : () => at;
  const result = await contactMessagesRepository(databaseOf(storage), now).submit(
    contactMessage(overrides),
    { queueMail },
  );
  if (!result.id) throw new Error("the message was not stored (a duplicate within the minute?)");
  return result.id;
}

/** A visit as the tracking function hands it to the repository: a new session arriving directly at "/". */
export function referrerVisit(overrides: Partial<NewReferrerVisit> = {}): NewReferrerVisit {
  return {
    session_id: randomUUID(),
    referrer_url: null,
    referrer_host: null,
    source: "direct",
    landing_path: "/",
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    user_agent: browserUserAgent,
    is_bot: false,
    ...overrides,
  };
}

/** Records a visit through the repository the tracking function uses; its session id. */
export async function recordVisit(
  storage: Storage,
  overrides: Partial<NewReferrerVisit> = {},
  { at }: Pick<StoreOptions, "at"> = {},
): Promise<string> {
  const visit = referrerVisit(overrides);
  const now = at === undefined ? Date.now : () => at;
  await referrerVisitsRepository(databaseOf(storage), now).record(visit);
  return visit.session_id;
}

/** An event as the track-event function hands it to the repository: a pageview of "/" in a new session. */
export function siteEvent(overrides: Partial<NewSiteEvent> = {}): NewSiteEvent {
  return {
    event_id: randomUUID(),
    session_id: randomUUID(),
    name: "pageview",
    path: "/",
    is_bot: false,
    ...overrides,
  };
}

/** Appends an event through the repository the track-event function uses; its event id. */
export async function appendEvent(
  storage: Storage,
  overrides: Partial<NewSiteEvent> = {},
  { at }: Pick<StoreOptions, "at"> = {},
): Promise<string> {
  const event = siteEvent(overrides);
  const now = at === undefined ? Date.now : () => at;
  await siteEventsRepository(databaseOf(storage), now).append(event);
  return event.event_id;
}

export interface AdminAccount {
  /** What the sign-in form sends. */
  credentials: { email: string; password: string };
  /** ADMIN_EMAIL and ADMIN_PASSWORD: the environment that sets the account up at start. */
  env: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string };
}

/** The admin account of the tests (server/test/admin.ts), with its address or password replaced if told. */
export function adminAccount(overrides: Partial<AdminAccount["credentials"]> = {}): AdminAccount {
  const credentials = { ...adminCredentials, ...overrides };
  return {
    credentials,
    env: { ADMIN_EMAIL: credentials.email, ADMIN_PASSWORD: credentials.password },
  };
}

export interface StoredTeamMember {
  id: string;
  credentials: { email: string; password: string };
}

let memberCounter = 0;

/**
 * Stores a team member through the accounts repository, as an accepted invitation does: an address of its own
 * (from the role unless told) and a password nobody would guess.
 */
export async function storeTeamMember(
  storage: Storage,
  role: TeamRole,
  overrides: { email?: string; name?: string | null; password?: string } = {},
): Promise<StoredTeamMember> {
  memberCounter++;
  const id = randomUUID();
  const credentials = {
    email: overrides.email ?? `${role}.${memberCounter}.${id.slice(0, 8)}@boothpilot.example`,
    password: overrides.password ?? "quiet lanterns drift over harbour 42",
  };
  await adminAccountsRepository(databaseOf(storage)).create({
    id,
    email: credentials.email.toLowerCase(),
    name: overrides.name ?? null,
    role,
    passwordHash: await hashPassword(credentials.password, testPasswordHashing),
  });
  return { id, credentials };
}
