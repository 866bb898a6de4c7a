// The e-mail of a one-time console link (an invitation to join the team or a password reset, naming who sent it
// and how long the link lasts) or the notice that wrong codes locked a person's two-step sign-in; plain text, to
// the person alone.
import type { SendMailOptions } from "nodemailer";
import { brandName } from "../../contracts/brand.ts";
import { linkLifetimeMs } from "../../contracts/team.ts";
import { singleLine } from "./contact-mail.ts";

/** A one-time link's mail or the two-step lock's notice (the console's link), as the outbox row's payload holds it. */
export interface TeamMail {
  purpose: "invitation" | "reset" | "two-step-locked";
  to: string;
  link: string;
  /** Who sent the link, as the mail names them. */
  senderName: string;
}

export function composeTeamMail(mail: TeamMail, from: string): SendMailOptions {
  if (mail.purpose === "two-step-locked") {
    return envelope(mail, from, `Two-step sign-in to the ${brandName} console is locked`, [
      `Someone signed in to the ${brandName} admin console with your password and then entered wrong two-step codes several times.`,
      "Two-step sign-in to your account is locked for 15 minutes.",
      "",
      "If that was not you, your password is known to someone else: change it in the console now.",
      mail.link,
      "",
    ]);
  }
  const hours = linkLifetimeMs / 3_600_000;
  const sender = singleLine(mail.senderName).slice(0, 100);
  const invitation = mail.purpose === "invitation";
  const subject = invitation
    ? `${sender} invited you to the ${brandName} console`
    : `Set a new password for the ${brandName} console`;
  return envelope(mail, from, subject, [
    invitation
      ? `${sender} invited you to the ${brandName} admin console.`
      : `${sender} sent you a link to set a new password for the ${brandName} admin console.`,
    "",
    `Open this link within ${hours} hours to set your password (it works once):`,
    mail.link,
    "",
    "If you did not expect this e-mail, ignore it: nothing happens unless the link is opened.",
    "",
  ]);
}

function envelope(mail: TeamMail, from: string, subject: string, lines: string[]): SendMailOptions {
  return {
    from: { name: `${brandName} console`, address: from },
    to: mail.to,
    envelope: { from, to: [mail.to] },
    subject,
    text: lines.join("\n"),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
