// What the team's routes accept: invitations, role changes, one-time links and password changes, with error texts
// that name the field. The server validates with these; the console only needs their types.
import { z } from "zod";
import { maxPasswordLength, withoutControl } from "./admin-requests.ts";
import { fieldErrors, isUuid } from "./fields.ts";
import { teamRoles } from "./team.ts";

const role = z.enum(teamRoles, { error: `role must be one of: ${teamRoles.join(", ")}` });

const newPassword = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .max(maxPasswordLength, `${name} must be at most ${maxPasswordLength} characters`);

/** 32 random bytes, base64url: what a link's fragment carries. */
const token = z
  .string({ error: "token is required" })
  .regex(/^[A-Za-z0-9_-]{43}$/, "token is not one this console gave out");

export const invitationSchema = z.strictObject({
  email: z
    .email({ error: "email must be an e-mail address" })
    .max(320, "email must be at most 320 characters"),
  role,
});

export const roleChangeSchema = z.strictObject({ role });

export const idParamsSchema = z.strictObject({
  id: z.string().refine(isUuid, "id must be a UUID"),
});

export const linkTokenSchema = z.strictObject({ token });

export const linkAcceptSchema = z.strictObject({
  token,
  name: z
    .string({ error: "name must be text" })
    .trim()
    .max(100, "name must be at most 100 characters")
    .refine(withoutControl, fieldErrors.singleLine("name"))
    .optional(),
  password: newPassword("password"),
});

export const ownPasswordSchema = z.strictObject({
  currentPassword: z
    .string({ error: "currentPassword is required" })
    .min(1, "currentPassword is required")
    .max(maxPasswordLength, `currentPassword must be at most ${maxPasswordLength} characters`),
  newPassword: newPassword("newPassword"),
});

export const twoStepCodeSchema = z.strictObject({
  code: z
    .string({ error: "code is required" })
    .trim()
    .regex(/^\d{6}$/, "code must be the 6 digits your authenticator app shows"),
});

export const passwordConfirmSchema = z.strictObject({
  password: z
    .string({ error: "password is required" })
    .min(1, "password is required")
    .max(maxPasswordLength, `password must be at most ${maxPasswordLength} characters`),
});

export const twoStepPolicySchema = z.strictObject({
  required: z.boolean({ error: "required must be true or false" }),
});

export type InvitationRequest = z.infer<typeof invitationSchema>;
export type LinkAcceptRequest = z.infer<typeof linkAcceptSchema>;
export type OwnPasswordRequest = z.infer<typeof ownPasswordSchema>;
