// The server functions' names and where they answer: the page's script, the no-JavaScript form, the server, the
// benchmarks and the tests all take a function's path from here.
// Shared by the browser and the server: no Node-only imports here.

/** Where the functions answer (the path Supabase Edge Functions use, so a Supabase client can call them). */
export const functionsBase = "/functions/v1";

export const functionNames = {
  submitContactForm: "submit-contact-form",
  trackReferrer: "track-referrer",
  trackEvent: "track-event",
} as const;

export type FunctionName = (typeof functionNames)[keyof typeof functionNames];

/** A function's path on this server. */
export function functionPath(name: FunctionName): string {
  return `${functionsBase}/${name}`;
}
