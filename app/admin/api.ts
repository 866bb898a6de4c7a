// The console's client for the admin API: same-origin JSON with the session cookie. Loaders get a result they can
// render (data, signed out, or an error text), never an exception for an answer the API gives on purpose.
import { type AdminError, type AdminSessionState, adminApiPaths } from "../../contracts/admin-api";
import { showInvisible } from "./format";

export type AdminResult<Data> =
  | { kind: "ok"; data: Data }
  /** 401: no session, or it ended. */
  | { kind: "signed-out" }
  /** Any other failure: the API's error text, or what went wrong on the way. */
  | { kind: "error"; status: number; error: string };

const unreachable = "The server could not be reached. Check the connection and try again.";

async function errorText(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as Partial<AdminError>;
    if (typeof body.error === "string") return body.error;
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  return `The server answered ${response.status} ${response.statusText}.`.replace(" .", ".");
}

async function call<Data>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
): Promise<AdminResult<Data>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: { accept: "application/json", "content-type": "application/json" },
      // Every state-changing request carries a JSON body: the API refuses any other (CSRF, ADR 10).
      ...(method === "GET" ? {} : { body: JSON.stringify(body ?? {}) }),
    });
  } catch {
    return { kind: "error", status: 0, error: unreachable };
  }
  if (response.status === 401 && method === "GET") return { kind: "signed-out" };
  if (!response.ok) {
    return { kind: "error", status: response.status, error: await errorText(response) };
  }
  if (response.status === 204) return { kind: "ok", data: undefined as Data };
  return { kind: "ok", data: readAdminJson(await response.text()) as Data };
}

/** An API answer as the console shows it: every string with its invisible format characters made visible. */
export function readAdminJson(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === "string" ? showInvisible(value) : value,
  );
}

export const adminApi = {
  get: <Data>(path: string) => call<Data>("GET", path),
  post: <Data>(path: string, body: unknown = {}) => call<Data>("POST", path, body),
  put: <Data>(path: string, body: unknown = {}) => call<Data>("PUT", path, body),
  delete: (path: string) => call<undefined>("DELETE", path),
};

let sessionRequest: Promise<AdminResult<AdminSessionState>> | null = null;

/**
 * Who is signed in. The frame's loader and the page's run together: they share one request, and the page asks for
 * its data only when someone is signed in (no 401 for every page of a signed-out reader).
 */
export function currentSession(): Promise<AdminResult<AdminSessionState>> {
  if (!sessionRequest) {
    const request = adminApi.get<AdminSessionState>(adminApiPaths.session);
    sessionRequest = request;
    void request.finally(() => {
      if (sessionRequest === request) sessionRequest = null;
    });
  }
  return sessionRequest;
}

/** The page's data when someone is signed in; otherwise what the session request said. */
export async function whenSignedIn<Data>(
  load: () => Promise<AdminResult<Data>>,
): Promise<AdminResult<Data>> {
  const session = await currentSession();
  if (session.kind === "error") return session;
  if (session.kind === "signed-out" || !session.data.signedIn) return { kind: "signed-out" };
  return load();
}

/**
 * A console page's title: the page's name once it is shown, else the sign-in's. Unread messages come first, as
 * mail clients show them, so a reader sees new leads from the tab strip while on another tab.
 */
export function consoleTitle(
  result: AdminResult<unknown> | undefined,
  page: string,
  unreadCount: number | null | undefined,
): string {
  if (result?.kind === "signed-out") return "Sign in · BoothPilot admin";
  return `${unreadCount ? `(${unreadCount}) ` : ""}${page} · BoothPilot admin`;
}
