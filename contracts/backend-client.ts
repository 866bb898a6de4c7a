// SPEC's backend-client timings (docs/product.md, "Business constants"): the console's session refresh and its
// live stream. Shared by the console and the server, so they live here; app/config/business.ts re-exports them.

export const backendClient = {
  persistSession: true,
  autoRefreshToken: true,
  /** The console looks at its session's expiry this often. */
  refreshTickMs: 30_000,
  /** It refreshes the session when the expiry is this many looks away. */
  refreshThresholdTicks: 3,
  /** The live stream sends a heartbeat comment this often (below the server's 30-second idle socket limit). */
  realtimeHeartbeatMs: 25_000,
  /** Waits before each new try after the live stream drops; the last one repeats. */
  reconnectBackoffMs: [1000, 2000, 5000, 10000],
} as const;
