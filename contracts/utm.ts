// The campaign parameters read from a landing URL: the server stores them with a visit, and the site hands them
// on to the organizer app. Shared by the browser and the server: no imports here, so the site script stays small.

export const utmParameters = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;

export type UtmParameter = (typeof utmParameters)[number];
