// The console's live stream (GET /admin/api/events, text/event-stream): its event names and what each carries.
// Shared by the server that writes the stream and the console that reads it.

/** "Visitors now" counts the visits (bots left out) of the last five minutes. */
export const visitorsNowWindowMs = 5 * 60_000;

/**
 * `message`: a message arrived (`created`) or its state or e-mail changed, or it was deleted (`changed`): the
 * console loads what it shows again. `resync`: events may have been missed (the server lost its database
 * listener for a while): the console loads what it shows again. `visitors`: the "visitors now" figure.
 */
export interface ConsoleEventData {
  message: { id: string; change: "created" | "changed" };
  resync: Record<string, never>;
  visitors: { visitorsNow: number };
}

export type ConsoleEventName = keyof ConsoleEventData;

export const consoleEventNames = [
  "message",
  "resync",
  "visitors",
] as const satisfies readonly ConsoleEventName[];
