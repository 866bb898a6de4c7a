// The signed-in console's live side: the event stream (pages load their data again in place when a message
// arrives or changes; "visitors now"), its state for the header, and the session kept while the reader uses it.
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { type AdminSessionState, adminApiPaths } from "../../../contracts/admin-api";
import { visitorsNowWindowMs } from "../../../contracts/console-events";
import { adminApi, currentSession } from "../api";
import { LiveConnection, type LiveState } from "../live-connection";
import { type KnownSession, SessionKeeper } from "../session-keeper";

interface Live {
  state: LiveState;
  visitorsNow: number | null;
}

const LiveContext = createContext<Live>({ state: { kind: "connecting" }, visitorsNow: null });

/** Stops the page's live reloads until the returned function is called; resolves once none is under way. */
const HoldContext = createContext<() => Promise<() => void>>(async () => () => {});

/** For signing out: live reloads held, and none in flight, before the session ends. */
export function useHoldLiveReloads(): () => Promise<() => void> {
  return useContext(HoldContext);
}

function knownSession(state: AdminSessionState): KnownSession | null {
  if (!state.expiresAt || !state.endsAt) return null;
  return {
    expiresAt: Date.parse(state.expiresAt),
    endsAt: Date.parse(state.endsAt),
    idleMs: state.idleMs,
  };
}

/**
 * Loads the current page's data again without a navigation (URL, scroll and form state stay); events that come
 * while it loads make one more load after it. `hold` stops these loads and resolves once none is under way, so
 * signing out never races a load whose requests would reach the server after the session has gone.
 */
function useRevalidateInPlace(): { revalidate: () => void; hold: () => Promise<() => void> } {
  const revalidator = useRevalidator();
  const pending = useRef(false);
  const held = useRef(false);
  const idleWaiters = useRef<Array<() => void>>([]);
  const loading = revalidator.state === "loading";
  useEffect(() => {
    if (loading) return;
    for (const resolve of idleWaiters.current.splice(0)) resolve();
    if (pending.current && !held.current) {
      pending.current = false;
      void revalidator.revalidate();
    }
  }, [loading, revalidator]);
  const latest = useRef({ loading, revalidator });
  latest.current = { loading, revalidator };
  return useRef({
    revalidate: () => {
      if (held.current) return;
      if (latest.current.loading) pending.current = true;
      else void latest.current.revalidator.revalidate();
    },
    hold: async () => {
      held.current = true;
      pending.current = false;
      if (latest.current.loading) {
        await new Promise<void>((resolve) => idleWaiters.current.push(resolve));
      }
      return () => {
        held.current = false;
      };
    },
  }).current;
}

export function ConsoleLive({
  session,
  onSessionEnded,
  children,
}: {
  session: AdminSessionState;
  /** The session ended: the frame shows the sign-in (at the same URL, so signing in returns to this view). */
  onSessionEnded: () => void;
  children: ReactNode;
}) {
  const [live, setLive] = useState<Live>({ state: { kind: "connecting" }, visitorsNow: null });
  const { revalidate, hold } = useRevalidateInPlace();
  const stream = useRef<LiveConnection | null>(null);
  // Before the session ends, the stream closes too: a stream the server drops for the ended session would try
  // again on its back-off and meet a 401 each time until the sign-in replaced the console.
  const holdAll = useRef(async () => {
    stream.current?.stop();
    const release = await hold();
    return () => {
      release();
      stream.current?.start();
    };
  }).current;
  const ended = useRef(onSessionEnded);
  ended.current = onSessionEnded;
  const keeper = useRef<SessionKeeper | null>(null);
  const latestSession = useRef(session);
  latestSession.current = session;
  const { email } = session;

  // One stream and one keeper per signed-in account; later session states reach the keeper below.
  useEffect(() => {
    if (!email) return;
    const connection = new LiveConnection({
      url: adminApiPaths.events,
      onState: (state) => setLive((current) => ({ ...current, state })),
      onEvent: (name, data) => {
        if (name === "visitors" && "visitorsNow" in data) {
          setLive((current) => ({ ...current, visitorsNow: data.visitorsNow }));
        } else {
          revalidate();
        }
      },
      // The page's data was loaded before the stream opened: a change in between would stay on screen.
      onOpen: revalidate,
      // A stream refused because the session ended (signed out in another tab): back to the sign-in.
      onDrop: () => {
        void currentSession().then((result) => {
          if (result.kind === "signed-out" || (result.kind === "ok" && !result.data.signedIn)) {
            ended.current();
          }
        });
      },
    });
    connection.start();
    stream.current = connection;

    const first = knownSession(latestSession.current);
    const sessionKeeper = first
      ? new SessionKeeper(first, {
          refresh: async () => {
            const result = await adminApi.post<AdminSessionState>(adminApiPaths.sessionRefresh);
            if (result.kind === "ok") return knownSession(result.data);
            return result.kind === "error" && result.status === 401 ? null : "unreachable";
          },
          ended: () => {
            // Ended on the server too (the reader was away): the cookie goes with it, after any live reload under
            // way, whose requests would otherwise meet the ended session (401s), as signing out waits for it.
            void holdAll()
              .then(() => adminApi.delete(adminApiPaths.session))
              .finally(() => ended.current());
          },
          refreshed: () => connection.restart(),
        })
      : null;
    keeper.current = sessionKeeper;
    sessionKeeper?.start();
    const activity = () => sessionKeeper?.activity();
    window.addEventListener("pointerdown", activity, { passive: true });
    window.addEventListener("keydown", activity, { passive: true });
    return () => {
      connection.stop();
      stream.current = null;
      sessionKeeper?.stop();
      window.removeEventListener("pointerdown", activity);
      window.removeEventListener("keydown", activity);
    };
  }, [email, revalidate, holdAll]);

  useEffect(() => {
    const known = knownSession(session);
    if (known) keeper.current?.update(known);
  }, [session]);

  return (
    <HoldContext value={holdAll}>
      <LiveContext value={live}>{children}</LiveContext>
    </HoldContext>
  );
}

/** The live stream's state, announced politely: "Live", or "Reconnecting in N s". */
export function LiveStatus() {
  const { state } = useContext(LiveContext);
  const text =
    state.kind === "live"
      ? "Live"
      : state.kind === "reconnecting"
        ? `Reconnecting in ${state.inSeconds} s`
        : "Connecting...";
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted">
      <span
        aria-hidden="true"
        className={`inline-block size-2 rounded-full ${
          state.kind === "live" ? "bg-emerald-600" : "bg-amber-500"
        }`}
      />
      <span className={state.kind === "live" ? "font-semibold text-ink" : undefined}>{text}</span>
    </p>
  );
}

/** Visits of the last five minutes, as the live stream tells it. */
export function VisitorsNow() {
  const { visitorsNow } = useContext(LiveContext);
  return (
    <p className="text-muted">
      Visitors now (last {visitorsNowWindowMs / 60_000} minutes):{" "}
      <span className="font-semibold text-ink">{visitorsNow ?? "..."}</span>
    </p>
  );
}
