// A reading of a user agent (bot or not, device and browser), remembered: a site's visitors send the same few user
// agents again and again, and Bowser's reading alone took a ninth of a visit's CPU (docs/performance.md, API).

/** Enough for the user agents of a busy day's head; a full memory starts again rather than tracking age. */
const maxRemembered = 1_000;

export function byUserAgent<T>(read: (userAgent: string) => T): (userAgent: string) => T {
  const remembered = new Map<string, T>();
  return (userAgent) => {
    if (remembered.has(userAgent)) return remembered.get(userAgent) as T;
    const reading = read(userAgent);
    if (remembered.size >= maxRemembered) remembered.clear();
    remembered.set(userAgent, reading);
    return reading;
  };
}
