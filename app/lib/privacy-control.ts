// Global Privacy Control as the browser reports it: under it the site sends no events and hands nothing to the
// organizer app.

/** True when the browser asks for Global Privacy Control. */
export function privacyControlOn(): boolean {
  // Not yet in TypeScript's DOM types.
  return (
    (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}
