// What the tests of the public functions (submit-contact-form, track-event, track-referrer) share: a call as a
// visitor's browser makes it, the refusals every function answers in one shape, and its answer when storage fails.
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { expectErrorShape, type PostOptions, postJson } from "./app.ts";
import { browserUserAgent } from "./factories.ts";
import { describeEachDialect, type storageTest } from "./storage.ts";

/** postJson from a browser: its User-Agent unless the test's headers name another. */
export function postAsBrowser(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  options: PostOptions = {},
): Promise<LightMyRequestResponse> {
  return postJson(app, url, payload, {
    ...options,
    headers: { "user-agent": browserUserAgent, ...options.headers },
  });
}

/** A refusal: this status, and this error in the error shape (no detail leaked). */
export function expectRefusal(
  response: LightMyRequestResponse,
  status: number,
  error: string,
): void {
  expect(response.statusCode).toBe(status);
  expect(expectErrorShape(response.body).error).toBe(error);
}

/** A test per bad payload: each is answered 400 with its error, and `stored` (the function's rows) stays empty. */
export function itRefusesEachBadPayload(
  it: typeof storageTest,
  cases: readonly (readonly [string, unknown, string])[],
  post: (payload: unknown) => Promise<LightMyRequestResponse>,
  stored: () => Promise<readonly unknown[]>,
): void {
  it.each(cases)("answers 400 and stores nothing for %s", async (_case, payload, error) => {
    expectRefusal(await post(payload), 400, error);
    expect(await stored()).toHaveLength(0);
  });
}

/**
 * On each dialect, with a database whose every table read and write fails: a valid call to the function at `path`
 * answers exactly 500 {success: false, error}.
 */
export function describeStorageFailure(
  name: string,
  path: string,
  payload: () => unknown,
  error: string,
): void {
  describeEachDialect(`${name} when storage fails, on %s`, (it) => {
    it(`answers 500 {"success": false, "error": "${error}"} and nothing else`, async ({
      failingDb,
      apps,
    }) => {
      const app = await apps.on(failingDb).start();
      const response = await postJson(app, path, payload());
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, error });
    });
  });
}
