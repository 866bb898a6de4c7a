// Two-step sign-in for the signed-in person: set up (a new secret as QR code and key, kept pending), confirm with a
// current code (two-step on, ten recovery codes answered once), turn off with the password unless an owner requires
// it; and the owners' switch that requires it of everyone. Setup and confirm stay open to a person the switch
// holds back, and are refused while two-step is on: a new secret with only a session would let whoever holds a
// stolen session replace the phone and the recovery codes without the password.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type RecoveryCodes, type TwoStepSetup, teamErrors } from "../../contracts/team.ts";
import {
  passwordConfirmSchema,
  twoStepCodeSchema,
  twoStepPolicySchema,
} from "../../contracts/team-requests.ts";
import { actorOf, recordAction } from "./audit.ts";
import { sendAdminError, sendTooManyChecks } from "./http.ts";
import { addressKey, isRefused } from "./password-checks.ts";
import { verifyPassword } from "./passwords.ts";
import {
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrSvg,
  recoveryCodeHash,
  setupKey,
  totpStep,
} from "./two-step.ts";

export default async function twoStepRoutes(plainApp: FastifyInstance): Promise<void> {
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const accounts = app.repositories.adminAccounts;
  const now = app.adminAuth.now;
  const setupConfig = { permission: "read" as const, twoStepSetup: true };

  app.post("/account/two-step/setup", { config: setupConfig }, async (request, reply) => {
    const actor = actorOf(request);
    if (actor.twoStep) return sendAdminError(reply, 409, teamErrors.twoStepAlreadyOn);
    const secret = newTotpSecret();
    await accounts.setPendingTotp(actor.userId, secret);
    const uri = otpauthUri(secret, actor.email);
    const setup: TwoStepSetup = {
      setupKey: setupKey(secret),
      otpauthUri: uri,
      qrSvg: await qrSvg(uri),
    };
    return setup;
  });

  app.post(
    "/account/two-step/confirm",
    { schema: { body: twoStepCodeSchema }, config: setupConfig },
    async (request, reply) => {
      const actor = actorOf(request);
      if (actor.twoStep) return sendAdminError(reply, 409, teamErrors.twoStepAlreadyOn);
      const secret = await accounts.pendingTotp(actor.userId);
      if (!secret) return sendAdminError(reply, 409, teamErrors.noSetup);
      const step = totpStep(secret, request.body.code, now());
      if (step === null) return sendAdminError(reply, 400, teamErrors.badSetupCode);
      const codes = newRecoveryCodes();
      if (!(await accounts.enableTotp(actor.userId, secret, step, codes.map(recoveryCodeHash)))) {
        return sendAdminError(reply, 409, teamErrors.twoStepAlreadyOn);
      }
      await recordAction(request, "two-step-on");
      const answer: RecoveryCodes = { recoveryCodes: codes };
      return answer;
    },
  );

  app.post(
    "/account/two-step/off",
    { schema: { body: passwordConfirmSchema }, config: { permission: "read" } },
    async (request, reply) => {
      const actor = actorOf(request);
      const account = await accounts.byId(actor.userId);
      if (!account) return sendAdminError(reply, 403, teamErrors.wrongPassword);
      const right = await app.passwordChecks.attempt(
        { address: addressKey(request.ip), account: account.email },
        () => verifyPassword(request.body.password, account.passwordHash),
        (matches) => matches,
      );
      if (isRefused(right)) return sendTooManyChecks(reply, right.retryAfter);
      if (!right) return sendAdminError(reply, 403, teamErrors.wrongPassword);
      if (await app.repositories.adminSessions.twoStepRequired()) {
        return sendAdminError(reply, 409, teamErrors.twoStepRequired);
      }
      await accounts.disableTotp(actor.userId);
      await recordAction(request, "two-step-off");
      return reply.code(204).send();
    },
  );

  app.put(
    "/team/two-step",
    { schema: { body: twoStepPolicySchema }, config: { permission: "team" } },
    async (request, reply) => {
      await app.repositories.adminSessions.setTwoStepRequired(request.body.required);
      await recordAction(
        request,
        request.body.required ? "two-step-required" : "two-step-optional",
      );
      return reply.code(204).send();
    },
  );
}
