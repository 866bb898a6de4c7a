// A form's or button's call to the admin API: busy while it runs, the API's refusal kept to show, the data on success.
import { useState } from "react";
import type { AdminResult } from "./api";

export function useApiAction() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  /** The answer (its data, undefined for a 204), or null after a refusal (then `problem` says why). */
  const run = async <Data>(
    call: () => Promise<AdminResult<Data>>,
  ): Promise<{ data: Data } | null> => {
    setBusy(true);
    setProblem(null);
    const result = await call();
    setBusy(false);
    if (result.kind === "ok") return { data: result.data };
    setProblem(result.kind === "error" ? result.error : "Sign in again to continue.");
    return null;
  };
  return { busy, problem, run };
}
