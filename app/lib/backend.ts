// The browser's client for the server functions (docs/product.md, "Server functions"): URL, headers and the answer shape in one place.
import { type FunctionName, functionPath } from "../../contracts/functions";
import { siteConfig } from "../config/site";

export interface FunctionAnswer {
  /** HTTP status; 0 when the network failed before any answer. */
  status: number;
  success: boolean;
  /** The server's error text, when it sent one. */
  error?: string;
  /** Seconds to wait before trying again, from a 429's Retry-After. */
  retryAfterSeconds?: number;
}

/** The headers of every call to a function: JSON, and the public key when the backend asks for one. */
export function backendHeaders(): Record<string, string> {
  const result: Record<string, string> = { "content-type": "application/json" };
  const key = siteConfig.publicBackendKey;
  if (key) {
    result.apikey = key;
    result.authorization = `Bearer ${key}`;
  }
  return result;
}

/** POSTs a JSON payload to a server function; never throws for an HTTP error, only for a network one. */
export async function invokeFunction(
  name: FunctionName,
  payload: unknown,
): Promise<FunctionAnswer> {
  const response = await fetch(functionPath(name), {
    method: "POST",
    headers: backendHeaders(),
    body: JSON.stringify(payload),
    credentials: "same-origin",
  });
  let body: { success?: unknown; error?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // A proxy's HTML error page or an empty body: the status alone tells what happened.
  }
  const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
  return {
    status: response.status,
    success: response.ok && body.success === true,
    error: typeof body.error === "string" ? body.error : undefined,
    ...(Number.isInteger(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
}
