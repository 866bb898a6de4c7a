// A visit's device class, browser and OS from its user agent (bowser); the country is in country.ts.
// bowser is MIT-licensed and maintained; ua-parser-js 2, the other candidate, is AGPL.
import Bowser from "bowser";
import { byUserAgent } from "./by-user-agent.ts";

export type DeviceClass = "desktop" | "mobile" | "tablet" | "other";

export interface Device {
  device: DeviceClass;
  /** A short display name ("Chrome", "Samsung Internet"), "" when unknown. */
  browser: string;
  /** A short display name ("Windows", "macOS", "ChromeOS"), "" when unknown. */
  os: string;
}

/** The values become report keys: a made-up user agent must not make a long one. */
const maxNameLength = 40;
/**
 * Real user agents are a few hundred characters; a crafted 16 kB one kept Bowser's catch-all pattern busy for
 * 12 ms. The limit is the one the visit record's user agent has (contracts/track-referrer.ts).
 */
const maxUserAgentLength = 512;

/** Bowser's long names, shortened for reports; other names are kept as Bowser gives them. */
const shortNames = new Map([
  ["Microsoft Edge", "Edge"],
  ["Samsung Internet for Android", "Samsung Internet"],
  ["Chrome OS", "ChromeOS"],
]);

/** An unknown browser's name is Bowser's guess from the text, so it can hold anything. */
function displayName(name: string | undefined): string {
  if (!name) return "";
  const short = shortNames.get(name) ?? name;
  return short
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, maxNameLength);
}

function deviceClass(platformType: string | undefined): DeviceClass {
  // Bowser's other types are "bot" and "tv"; neither is a visitor's phone or computer.
  return platformType === "desktop" || platformType === "mobile" || platformType === "tablet"
    ? platformType
    : "other";
}

/** Frozen: one reading is shared by every visit with the same user agent. */
const parsed = byUserAgent((text): Device => {
  // Bowser throws on an empty user agent; a request without one is simply unknown.
  if (text.trim() === "") return Object.freeze({ device: "other", browser: "", os: "" });
  const { browser, os, platform } = Bowser.parse(text);
  return Object.freeze({
    device: deviceClass(platform.type),
    browser: displayName(browser.name),
    os: displayName(os.name),
  });
});

/**
 * Device class, browser and OS of a user agent. An iPad whose Safari asks for desktop sites (the default since
 * iPadOS 13) sends a Mac's user agent and is counted as a desktop Mac: the text carries no sign of the tablet.
 */
export function deviceOf(userAgent: string): Device {
  return parsed(userAgent.slice(0, maxUserAgentLength));
}
