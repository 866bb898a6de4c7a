// The contact form's render token: when the page was rendered, signed with a secret of the server, so a post can
// say how long its sender spent on the page without trusting the sender.
import { createHmac, timingSafeEqual } from "node:crypto";

/** A post sooner than this after the page rendered was not typed by a person. */
export const minFormFillMs = 3_000;
/** A page older than this is not the one its sender just read. */
export const maxFormTokenAgeMs = 24 * 60 * 60_000;

/** What a post's token says: nothing, a forgery, or how long ago its page rendered. */
export type FormTokenCheck =
  | { kind: "missing" }
  | { kind: "invalid" }
  | { kind: "rendered"; ageMs: number };

const version = "v1";

export interface FormTokens {
  /** A token for a page rendered at `at`. */
  issue(at: number): string;
  check(token: string | null | undefined, at: number): FormTokenCheck;
}

export function formTokens(secret: string): FormTokens {
  const sign = (payload: string) =>
    createHmac("sha256", secret).update(payload).digest("base64url");
  return {
    issue(at) {
      const payload = `${version}.${Math.floor(at).toString(36)}`;
      return `${payload}.${sign(payload)}`;
    },
    check(token, at) {
      if (!token) return { kind: "missing" };
      const [tokenVersion, rendered, signature, ...rest] = token.split(".");
      if (tokenVersion !== version || !rendered || !signature || rest.length > 0) {
        return { kind: "invalid" };
      }
      const expected = Buffer.from(sign(`${version}.${rendered}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { kind: "invalid" };
      }
      const renderedAt = Number.parseInt(rendered, 36);
      if (!Number.isSafeInteger(renderedAt)) return { kind: "invalid" };
      return { kind: "rendered", ageMs: at - renderedAt };
    },
  };
}
