// One contact message: who wrote what, whether the team's e-mail reached them (a failure called out, with the
// way to send it again), and the sender's tracked visit.
import { Link } from "react-router";
import type { MailDelivery, MessageDetail, TrackedSession } from "../../../contracts/admin-api";
import { errorKindLabels, formatDateTime, isWebAddress, sourceLabels } from "../format";
import { adminPaths } from "../paths";
import { IfAllowed } from "../role";
import { LeadDeliveries } from "./lead-deliveries";
import { MessageActions } from "./message-actions";
import { RetryMailButton } from "./retry-mail-button";
import { SpamReasons } from "./spam-reasons";
import {
  Field,
  HandledBadge,
  linkClass,
  MailBadge,
  PageHeading,
  Section,
  SpamBadge,
  StatusNote,
} from "./ui";

function When({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : null;
}

function Delivery({
  mail,
  messageId,
  mailDeliveryOn,
}: {
  mail: MailDelivery | null;
  messageId: string;
  mailDeliveryOn: boolean;
}) {
  if (!mail) {
    return (
      <p className="text-ink">
        <MailBadge state="none" /> This message was not e-mailed: mail delivery was off when it
        arrived, or it is spam.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      {mail.status === "failed" ? (
        <div className="grid gap-2 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">
            ⚠ The e-mail to the team failed: nobody was told about this message by e-mail.
          </p>
          {mail.lastErrorKind ? <p>Cause: {errorKindLabels[mail.lastErrorKind]}.</p> : null}
          {mailDeliveryOn ? (
            <>
              <p>Once the mail settings are fixed, send it again:</p>
              <IfAllowed permission="triage">
                <RetryMailButton messageId={messageId} />
              </IfAllowed>
            </>
          ) : (
            <p>
              Mail delivery is off on this server (SMTP_URL is not set), so it cannot be resent.
            </p>
          )}
        </div>
      ) : null}
      {mail.status === "pending" ? (
        <StatusNote>The e-mail is queued: the server is sending it.</StatusNote>
      ) : null}
      <dl>
        <Field term="State">
          <MailBadge state={mail.status} />
        </Field>
        <Field term="Attempts">{String(mail.attempts)}</Field>
        <Field term="Last attempt">
          <When iso={mail.lastAttemptAt} />
        </Field>
        <Field term="Last error">
          {mail.lastError ? <code className="break-all">{mail.lastError}</code> : null}
        </Field>
        {mail.sentAt ? (
          <Field term="Sent">
            <When iso={mail.sentAt} />
          </Field>
        ) : null}
        {mail.failedAt ? (
          <Field term="Given up">
            <When iso={mail.failedAt} />
          </Field>
        ) : null}
      </dl>
    </div>
  );
}

function Visit({ session }: { session: TrackedSession | null }) {
  if (!session) {
    return <p className="text-muted">No tracked visit: the sender's browser sent no session.</p>;
  }
  const utm = Object.entries(session.utm).filter(([, value]) => value);
  return (
    <dl>
      <Field term="Visited">
        <When iso={session.visitedAt} />
      </Field>
      <Field term="Landing page">
        <code>{session.landingPath}</code>
      </Field>
      {/* In the analytics page's words: a bot's visit is not counted, so its message is under "No tracked visit". */}
      <Field term="Channel">
        {session.isBot
          ? `${sourceLabels.untracked} (a bot's visit; tags and referrer say ${sourceLabels[session.source]})`
          : sourceLabels[session.source]}
      </Field>
      <Field term="Campaign">{session.utm.campaign ?? "No campaign"}</Field>
      {/* The source by Plausible's rule: utm_source when the link was tagged, the referrer's host otherwise. */}
      <Field term="Source">{session.utm.source ?? session.referrerHost ?? "No referrer"}</Field>
      <Field term="Referrer">{session.referrerHost}</Field>
      <Field term="Campaign (UTM)">
        {utm.length > 0 ? (
          <ul>
            {utm.map(([name, value]) => (
              <li key={name}>
                utm_{name}: <code>{value}</code>
              </li>
            ))}
          </ul>
        ) : null}
      </Field>
      {session.isBot ? <Field term="Browser">A bot, by its user agent</Field> : null}
    </dl>
  );
}

export function MessageDetails({ message }: { message: MessageDetail }) {
  return (
    <>
      <div className="grid gap-2">
        <p>
          <Link to={adminPaths.inbox} className={linkClass}>
            Back to the inbox
          </Link>
        </p>
        <PageHeading>Message from {message.name}</PageHeading>
        <p className="flex flex-wrap items-center gap-2 text-muted">
          Received <When iso={message.receivedAt} />
          {message.status === "spam" ? <SpamBadge /> : null}
          {message.handledAt ? <HandledBadge /> : null}
          {message.mail ? <MailBadge state={message.mail.status} /> : null}
        </p>
        <IfAllowed permission="triage">
          <MessageActions message={message} />
        </IfAllowed>
      </div>

      <Section title="Message" id="message-text">
        <p className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-ink">
          {message.message}
        </p>
      </Section>

      <Section title="Sender" id="message-sender">
        <dl>
          <Field term="Name">{message.name}</Field>
          <Field term="E-mail">
            <a href={`mailto:${message.email}`} className={linkClass}>
              {message.email}
            </a>
          </Field>
          <Field term="Phone">{message.phone}</Field>
          <Field term="Business">{message.businessName}</Field>
          <Field term="Website">
            {message.website && isWebAddress(message.website) ? (
              <a
                href={message.website}
                className={linkClass}
                rel="noopener noreferrer nofollow"
                target="_blank"
              >
                {message.website}
              </a>
            ) : (
              message.website
            )}
          </Field>
          <Field term="Browser">{message.userAgent}</Field>
        </dl>
      </Section>

      <Section title="E-mail to the team" id="message-mail">
        <Delivery
          mail={message.mail}
          messageId={message.id}
          mailDeliveryOn={message.mailDeliveryOn}
        />
      </Section>

      <Section title="Webhooks and acknowledgement" id="message-deliveries">
        <LeadDeliveries deliveries={message.deliveries} messageId={message.id} />
      </Section>

      <Section title="Spam score" id="message-spam">
        <SpamReasons spam={message.spam} />
      </Section>

      <Section title="Tracked visit" id="message-visit">
        <Visit session={message.session} />
      </Section>
    </>
  );
}
