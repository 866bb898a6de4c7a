// The e-mail of a one-time console link: an invitation to join the team or a password reset, plain text, to the
// person alone, naming who sent it and how long the link lasts.
import type { SendMailOptions } from "nodemailer";
import { brandName } from "../../contracts/brand.ts";
import { linkLifetimeMs } from "../../contracts/team.ts";
import { singleLine } from "./contact-mail.ts";

/** A one-time link's mail, as the outbox row's payload holds it. */
export interface TeamMail {
  purpose: "invitation" | "reset";
  to: string;
  link: string;
  /** Who sent the link, as the mail names them. */
  senderName: string;
}

export function composeTeamMail(mail: TeamMail, from: string): SendMailOptions {
  const hours = linkLifetimeMs / 3_600_000;
  const sender = singleLine(mail.senderName).slice(0, 100);
  const invitation = mail.purpose === "invitation";
  const subject = invitation
    ? `${sender} invited you to the ${brandName} console`
    : `Set a new password for the ${brandName} console`;
  const text = [
    invitation
      ? `${sender} invited you to the ${brandName} admin console.`
      : `${sender} sent you a link to set a new password for the ${brandName} admin console.`,
    "",
    `Open this link within ${hours} hours to set your password (it works once):`,
    mail.link,
    "",
    "If you did not expect this e-mail, ignore it: nothing happens unless the link is opened.",
    "",
  ].join("\n");
  return {
    from: { name: `${brandName} console`, address: from },
    to: mail.to,
    envelope: { from, to: [mail.to] },
    subject,
    text,
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
