// The console's team as browser and server see it: roles, what each may do, the Team page's answers and the
// audit record's actions. No zod here (the request schemas are in team-requests.ts).
import { messageActions } from "./admin-api.ts";

export const teamRoles = ["owner", "editor", "viewer"] as const;
export type TeamRole = (typeof teamRoles)[number];

export const roleLabels: Record<TeamRole, string> = {
  owner: "Owner",
  editor: "Editor",
  viewer: "Viewer",
};

/** What a route or a button needs: reading, triaging messages, or managing the team. */
export type Permission = "read" | "triage" | "team";

const granted: Record<TeamRole, readonly Permission[]> = {
  owner: ["read", "triage", "team"],
  editor: ["read", "triage"],
  viewer: ["read"],
};

export function may(role: TeamRole, permission: Permission): boolean {
  return granted[role].includes(permission);
}

/** A link is usable this long after it was made. */
export const linkLifetimeMs = 48 * 60 * 60_000;

/** The shortest password the console accepts (the strength estimator judges the rest). */
export const minPasswordLength = 12;

export const teamApiPaths = {
  /** GET: people, open invitations and recent activity (owners). */
  team: "/admin/api/team",
  /** POST {email, role}: a new invitation; answers the link once. */
  invitations: "/admin/api/team/invitations",
  /** DELETE: revoke the invitation (or reset link). */
  invitation: (id: string) => `/admin/api/team/invitations/${encodeURIComponent(id)}`,
  /** POST: a new link for the invitation (the old one stops working). */
  resendInvitation: (id: string) => `/admin/api/team/invitations/${encodeURIComponent(id)}/resend`,
  /** PUT {role}: change a person's role; DELETE: remove them (their sessions end). */
  member: (id: string) => `/admin/api/team/members/${encodeURIComponent(id)}`,
  /** POST: a password reset link for the person. */
  memberReset: (id: string) => `/admin/api/team/members/${encodeURIComponent(id)}/reset`,
  /** POST {currentPassword, newPassword}: the signed-in person's own password. */
  ownPassword: "/admin/api/account/password",
  /** POST {token}: who a one-time link is for; POST {token, name, password}: use it. */
  linkInfo: "/admin/api/links/info",
  linkAccept: "/admin/api/links/accept",
  /** POST: a new TOTP secret (QR code and key), pending until confirmed; refused while two-step is on. */
  twoStepSetup: "/admin/api/account/two-step/setup",
  /** POST {code}: turns two-step on with the secret being set up; answers the recovery codes once. */
  twoStepConfirm: "/admin/api/account/two-step/confirm",
  /** POST {password}: turns two-step off (refused while an owner requires it). */
  twoStepOff: "/admin/api/account/two-step/off",
  /** PUT {required}: whether everyone must use two-step sign-in (owners). */
  twoStepPolicy: "/admin/api/team/two-step",
  /** GET: a message's history (who did what, when). */
  messageHistory: (id: string) => `/admin/api/messages/${encodeURIComponent(id)}/history`,
} as const;

/** The console page a one-time link opens; the token follows in the fragment, never sent to a server's logs. */
export const linkPagePath = "/admin/join";

export interface TeamMember {
  id: string;
  email: string;
  name: string | null;
  role: TeamRole;
  /** ISO-8601. */
  joinedAt: string;
  /** Two-step sign-in is on. */
  twoStep: boolean;
  /**
   * The address is the server's ADMIN_EMAIL: removed, the next start would create it again as an owner, so the
   * console neither removes nor demotes it.
   */
  setByServer: boolean;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: TeamRole;
  purpose: "invitation" | "reset";
  /** ISO-8601. */
  expiresAt: string;
  expired: boolean;
}

/** What an invitation or a reset answers: the link once, for the owner to copy when mail is off. */
export interface IssuedLink {
  invitation: TeamInvitation;
  /** The link to copy, only when no e-mail carries it (mail delivery is off); null when it was mailed. */
  link: string | null;
  /** The link was queued for e-mail. */
  mailed: boolean;
}

export const auditActions = [
  ...messageActions,
  "delete",
  "resend",
  "invite",
  "invitation-resent",
  "invitation-revoked",
  "joined",
  "role-changed",
  "removed",
  "reset-sent",
  "password-changed",
  "two-step-on",
  "two-step-off",
  "two-step-required",
  "two-step-optional",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** How the history words an action ("Marked handled by Dana"). */
export const auditLabels: Record<AuditAction, string> = {
  read: "Opened",
  unread: "Marked unread",
  handled: "Marked handled",
  unhandled: "Marked not handled",
  spam: "Marked spam",
  "not-spam": "Marked not spam",
  delete: "Deleted",
  resend: "E-mail sent again",
  invite: "Invited",
  "invitation-resent": "Invitation sent again to",
  "invitation-revoked": "Invitation revoked for",
  joined: "Joined as",
  "role-changed": "Role changed for",
  removed: "Removed",
  "reset-sent": "Password reset sent to",
  "password-changed": "Password changed",
  "two-step-on": "Two-step sign-in turned on",
  "two-step-off": "Two-step sign-in turned off",
  "two-step-required": "Two-step sign-in required for everyone",
  "two-step-optional": "Two-step sign-in made optional",
};

export interface AuditEntry {
  id: string;
  /** ISO-8601. */
  at: string;
  actor: string;
  action: AuditAction;
  messageId: string | null;
  /** The person or address a team change was about (with the new role where one changed). */
  subject: string | null;
}

/** GET /admin/api/team */
export interface TeamPage {
  members: TeamMember[];
  invitations: TeamInvitation[];
  activity: AuditEntry[];
  /** SMTP is set: invitations are e-mailed. */
  mailDeliveryOn: boolean;
  /** Everyone must use two-step sign-in. */
  twoStepRequired: boolean;
  /** Who is looking (the last owner cannot be removed or demoted). */
  you: string;
}

/** POST /admin/api/links/info */
export interface LinkInfo {
  purpose: "invitation" | "reset";
  email: string;
  role: TeamRole;
}

/** A new password's verdict: the reason is what the form shows under the field. */
export interface PasswordVerdict {
  ok: boolean;
  /** Why not (shown under the field); null when ok. */
  reason: string | null;
}

/** POST /admin/api/account/two-step/setup */
export interface TwoStepSetup {
  /** The key to type by hand: base32 in groups of four. */
  setupKey: string;
  otpauthUri: string;
  /** The otpauth URI as a QR code (an SVG document). */
  qrSvg: string;
}

/** POST /admin/api/account/two-step/confirm: shown once, never again. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

export const teamErrors = {
  forbidden: "Your role does not allow this.",
  lastOwner: "The team needs at least one owner: make someone else an owner first.",
  setByServer:
    "This owner is set by ADMIN_EMAIL on the server and would come back at its next start. To remove or demote them, set ADMIN_EMAIL to another address and restart the server first.",
  resetSetByServer:
    "This owner is set by ADMIN_EMAIL on the server: only they can change their password (in Account), or a new ADMIN_PASSWORD and a restart recover it.",
  memberNotFound: "No team member with this id.",
  invitationNotFound: "No open invitation with this id.",
  alreadyMember: "This address already belongs to a team member.",
  linkInvalid:
    "This link is not valid: it was used, revoked or has expired. Ask an owner for a new one.",
  wrongPassword: "The current password is wrong.",
  noAccount: "No account: the console has no owner set up.",
  noSetup: "Start the setup first: no two-step key is waiting for a code.",
  badSetupCode: "That code does not match. Enter the current code from your authenticator app.",
  twoStepRequired: "An owner requires two-step sign-in: it cannot be turned off.",
  twoStepAlreadyOn:
    "Two-step sign-in is already on. Turn it off with your password to set it up again.",
} as const;
