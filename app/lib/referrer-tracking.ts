// Once-per-session referrer call (docs/product.md, "Referrer call"): the flag is set only after the server confirms.

import { functionNames } from "../../contracts/functions";
import { business } from "../config/business";
import { invokeFunction } from "./backend";

/** Session-storage key of the visitor's tracked session id, reused by retries and the contact form. */
export const sessionIdKey = business.sessionIdKey;
export const trackReferrerErrorLog = "Error tracking referrer";

export interface TrackingEnvironment {
  storage: Pick<Storage, "getItem" | "setItem">;
  referrer: string;
  href: string;
  userAgent: string;
  randomUUID: () => string;
}

function browserEnvironment(): TrackingEnvironment {
  return {
    storage: window.sessionStorage,
    referrer: document.referrer,
    href: window.location.href,
    userAgent: navigator.userAgent,
    randomUUID: () => crypto.randomUUID(),
  };
}

/** The visitor's session id for this browser session, created on first use. */
export function trackedSessionId(
  env: Pick<TrackingEnvironment, "storage" | "randomUUID"> = browserEnvironment(),
): string {
  const existing = env.storage.getItem(sessionIdKey);
  if (existing) return existing;
  const created = env.randomUUID();
  env.storage.setItem(sessionIdKey, created);
  return created;
}

/** Sends the referrer once per session; on any failure logs it and leaves the flag unset for the next load. */
export async function trackReferrerOnce(
  env: TrackingEnvironment = browserEnvironment(),
): Promise<void> {
  try {
    if (env.storage.getItem(business.referrerFlagKey) === "true") return;
    const answer = await invokeFunction(functionNames.trackReferrer, {
      session_id: trackedSessionId(env),
      referrer: env.referrer || "direct",
      page_url: env.href,
      user_agent: env.userAgent,
    });
    if (!answer.success)
      throw new Error(answer.error ?? `track-referrer answered ${answer.status}`);
    env.storage.setItem(business.referrerFlagKey, "true");
  } catch (error) {
    console.error(trackReferrerErrorLog, error);
  }
}
