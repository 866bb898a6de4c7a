// The words of every error the console shows, pinned here and nowhere else: each error caused through the real app,
// and the answer's status and literal text. The other server tests check an answer's status and which error it is
// (expectAdminError in test/admin.ts); the browser suites, that the console shows it. The words do not depend on
// the database: SQLite only.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { describe, expect } from "vitest";
import { adminApiPaths, adminErrors } from "../../contracts/admin-api.ts";
import { type TwoStepSetup, teamApiPaths } from "../../contracts/team.ts";
import type { AppDatabase } from "../db/database.ts";
import {
  type AdminErrorKind,
  adminCredentials,
  adminEnv,
  adminRequest,
  sameOrigin,
  signedIn,
  signIn,
} from "../test/admin.ts";
import { freshAddress } from "../test/app.ts";
import { storeMessage, storeTeamMember } from "../test/factories.ts";
import { type AppLauncher, storageTest as it } from "../test/storage.ts";
import { defaultReportLimits } from "./report-limits.ts";
import { defaultSignInLimits } from "./sign-in-limiter.ts";
import { totpCode } from "./two-step.ts";

/** What a case may start its app with. */
interface Situation {
  apps: AppLauncher;
  /** A database whose every table read fails. */
  failingDb: AppDatabase;
  /** The environment of an app whose mail is on (an SMTP server of the test's own). */
  mailOn(): Promise<Record<string, string>>;
}

interface ErrorCase {
  kind: AdminErrorKind;
  status: number;
  words: string;
  /** Causes the error; the answer. */
  cause(situation: Situation): Promise<LightMyRequestResponse>;
}

const wrongPassword = { ...adminCredentials, password: "not the password at all" };

/** A sign-in as the console posts it, with the body and headers given. */
const postSignIn = (app: FastifyInstance, contentType: string, payload: string) =>
  app.inject({
    method: "POST",
    url: adminApiPaths.session,
    headers: { ...sameOrigin, "content-type": contentType },
    payload,
    remoteAddress: freshAddress(),
  });

/** The test owner with two-step sign-in set up: signing in asks for a code. */
async function ownerWithTwoStep(apps: AppLauncher): Promise<FastifyInstance> {
  const app = await apps.startAdmin();
  const session = await signedIn(app);
  const post = (url: string, payload: unknown = {}) =>
    adminRequest(app, { method: "POST", url, session, payload });
  const setup = (await post(teamApiPaths.twoStepSetup)).json() as TwoStepSetup;
  const code = totpCode(setup.setupKey.replaceAll(" ", ""), Date.now());
  expect((await post(teamApiPaths.twoStepConfirm, { code })).statusCode).toBe(200);
  return app;
}

/** A signed-in app and a message stored on it. */
async function withMessage(apps: AppLauncher, env = adminEnv) {
  const { app, session } = await apps.signedIn(env);
  return { app, session, id: await storeMessage(app) };
}

/** Sign-in limits that refuse the second failure. */
const oneTry = {
  ...defaultSignInLimits,
  perAccount: { maxAttempts: 1, windowMs: 60_000, thenEveryMs: 60_000 },
};

const errorCases: ErrorCase[] = [
  {
    kind: "badCredentials",
    status: 401,
    words: "Wrong e-mail address or password.",
    cause: async ({ apps }) => (await signIn(await apps.startAdmin(), wrongPassword)).response,
  },
  {
    kind: "codeRequired",
    status: 401,
    words: "Enter the 6-digit code from your authenticator app, or a recovery code.",
    cause: async ({ apps }) => (await signIn(await ownerWithTwoStep(apps))).response,
  },
  {
    kind: "badCode",
    status: 401,
    words: "That code is wrong or was used already. Enter the current code, or a recovery code.",
    cause: async ({ apps }) => {
      const app = await ownerWithTwoStep(apps);
      // Not a code of the secret now (one chance in a million that it is).
      return (await signIn(app, { ...adminCredentials, code: "000000" })).response;
    },
  },
  {
    kind: "twoStepSetupNeeded",
    status: 403,
    words: "Set up two-step sign-in to continue: an owner requires it.",
    cause: async ({ apps }) => {
      const { app, session } = await apps.signedIn();
      const payload = { required: true };
      await adminRequest(app, { method: "PUT", url: teamApiPaths.twoStepPolicy, session, payload });
      const person = await storeTeamMember(app, "editor");
      const { token } = await signIn(app, person.credentials);
      return adminRequest(app, { url: adminApiPaths.messages, session: token ?? "" });
    },
  },
  {
    kind: "noAccount",
    status: 403,
    words:
      "No admin account is configured on this server. Set ADMIN_EMAIL and ADMIN_PASSWORD and restart it.",
    cause: async ({ apps }) => (await signIn(await apps.startAdmin({}))).response,
  },
  {
    kind: "signInRequired",
    status: 401,
    words: "Sign in to use the admin console.",
    cause: async ({ apps }) =>
      adminRequest(await apps.startAdmin(), { url: adminApiPaths.messages }),
  },
  {
    kind: "tooManySignIns",
    status: 429,
    words: "Too many sign-in attempts. Try again later.",
    cause: async ({ apps }) => {
      const app = await apps.startAdmin(adminEnv, { testing: { signInLimits: oneTry } });
      await signIn(app, wrongPassword);
      return (await signIn(app, wrongPassword)).response;
    },
  },
  {
    kind: "httpsRequired",
    status: 403,
    words:
      "Sign-in needs HTTPS: this server keeps sessions in a Secure cookie, which a browser drops over plain HTTP. " +
      "Open the console at its https:// address (behind a proxy: have it send X-Forwarded-Proto https, and list it " +
      "in TRUST_PROXY).",
    cause: async ({ apps }) => {
      const app = await apps.startAdmin({ ...adminEnv, NODE_ENV: "production" });
      return adminRequest(app, {
        method: "POST",
        url: adminApiPaths.session,
        payload: adminCredentials,
        headers: { host: "www.fairgrounds.example" },
      });
    },
  },
  {
    kind: "tooManyPasswordChecks",
    status: 429,
    words: "Too many password attempts. Try again later.",
    cause: async ({ apps }) => {
      const { app, session } = await apps.signedIn(adminEnv, {
        testing: { signInLimits: oneTry },
      });
      const change = () =>
        adminRequest(app, {
          method: "POST",
          url: teamApiPaths.ownPassword,
          session,
          payload: { currentPassword: wrongPassword.password, newPassword: "violet kayaks 71" },
        });
      await change();
      return change();
    },
  },
  {
    kind: "tooManyReports",
    status: 429,
    words: "Too many reports asked for at once. Wait a few seconds and try again.",
    cause: async ({ apps }) => {
      const reportLimits = { ...defaultReportLimits, perPerson: [{ max: 1, windowMs: 60_000 }] };
      const { app, session } = await apps.signedIn(adminEnv, { testing: { reportLimits } });
      const report = () => adminRequest(app, { url: adminApiPaths.analyticsBreakdown, session });
      await report();
      return report();
    },
  },
  {
    kind: "tooManyStreams",
    status: 429,
    words: "Too many live connections open: close a few console tabs.",
    cause: async ({ apps }) => {
      const caps = { perSession: 0, perPerson: 0 };
      const { app, session } = await apps.signedIn(adminEnv, {
        testing: { consoleEvents: { caps } },
      });
      return adminRequest(app, { url: adminApiPaths.events, session });
    },
  },
  {
    kind: "crossOrigin",
    status: 403,
    words: "Refused: admin requests must come from the console's own origin.",
    cause: async ({ apps }) =>
      adminRequest(await apps.startAdmin(), {
        method: "POST",
        url: adminApiPaths.session,
        payload: adminCredentials,
        headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" },
      }),
  },
  {
    kind: "jsonOnly",
    status: 415,
    words: "Content-Type must be application/json.",
    cause: async ({ apps }) =>
      postSignIn(
        await apps.startAdmin(),
        "application/x-www-form-urlencoded",
        new URLSearchParams(adminCredentials).toString(),
      ),
  },
  {
    kind: "invalidJson",
    status: 400,
    words: "Request body is not valid JSON.",
    cause: async ({ apps }) =>
      postSignIn(await apps.startAdmin(), "application/json", '{"email": '),
  },
  {
    kind: "tooLarge",
    status: 413,
    words: "Request body is too large.",
    cause: async ({ apps }) =>
      (await signIn(await apps.startAdmin(), { ...adminCredentials, password: "x".repeat(5_000) }))
        .response,
  },
  {
    kind: "messageNotFound",
    status: 404,
    words: "No message with this id.",
    cause: async ({ apps }) => {
      const { app, session } = await apps.signedIn();
      return adminRequest(app, { url: adminApiPaths.message(randomUUID()), session });
    },
  },
  {
    kind: "notFailed",
    status: 409,
    words: "Only a message whose e-mail failed can be sent again.",
    cause: async ({ apps, mailOn }) => {
      const { app, session, id } = await withMessage(apps, { ...adminEnv, ...(await mailOn()) });
      return adminRequest(app, { method: "POST", url: adminApiPaths.retryMail(id), session });
    },
  },
  {
    kind: "noFailedDeliveries",
    status: 409,
    words: "Only a message with a failed delivery can be sent again.",
    cause: async ({ apps }) => {
      const { app, session, id } = await withMessage(apps);
      return adminRequest(app, { method: "POST", url: adminApiPaths.retryDeliveries(id), session });
    },
  },
  {
    kind: "mailOff",
    status: 409,
    words:
      "Mail delivery is off on this server (SMTP_URL is not set): the message cannot be e-mailed.",
    cause: async ({ apps }) => {
      const { app, session, id } = await withMessage(apps);
      return adminRequest(app, { method: "POST", url: adminApiPaths.retryMail(id), session });
    },
  },
  {
    kind: "notFound",
    status: 404,
    words: "Not found.",
    cause: async ({ apps }) => adminRequest(await apps.startAdmin(), { url: "/admin/api/users" }),
  },
  {
    kind: "badRequest",
    status: 400,
    words: "Bad request.",
    // A body shorter than its Content-Length: a request error of no kind of its own.
    cause: async ({ apps }) =>
      (await apps.startAdmin()).inject({
        method: "POST",
        url: adminApiPaths.session,
        headers: { ...sameOrigin, "content-type": "application/json", "content-length": "500" },
        payload: JSON.stringify(adminCredentials),
        remoteAddress: freshAddress(),
      }),
  },
  {
    kind: "internal",
    status: 500,
    words: "Internal server error.",
    cause: async ({ apps, failingDb }) => {
      const app = await apps.on(failingDb).start(adminEnv);
      return (await signIn(app)).response;
    },
  },
];

describe("the console's error words", () => {
  it.for(errorCases)(
    "$kind: $status $words",
    async ({ status, words, cause }, { apps, failingDb, smtpServers }) => {
      const mailOn = async () => (await smtpServers.start()).mailEnv();
      const response = await cause({ apps, failingDb, mailOn });
      expect([response.statusCode, response.json()]).toEqual([status, { error: words }]);
    },
  );

  it("has a case for every error", () => {
    expect(errorCases.map((error) => error.kind).sort()).toEqual(Object.keys(adminErrors).sort());
  });
});
