// A message's deliveries besides the team's e-mail: each signed webhook, Slack and the acknowledgement to the
// sender, with its state; a failure is called out with the way to send it again.
import { adminApiPaths, type LeadDelivery } from "../../../contracts/admin-api";
import { formatDateTime } from "../format";
import { IfAllowed } from "../role";
import { ResendButton } from "./resend-button";
import { StatusNote } from "./ui";

const channelLabels: Record<LeadDelivery["channel"], string> = {
  webhook: "Webhook",
  slack: "Slack",
  ack: "Acknowledgement to the sender",
};

export const deliveryStateLabels: Record<LeadDelivery["status"], string> = {
  pending: "Queued",
  sent: "Delivered",
  failed: "Failed",
};

function When({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : null;
}

export function LeadDeliveries({
  deliveries,
  messageId,
}: {
  deliveries: LeadDelivery[];
  messageId: string;
}) {
  if (deliveries.length === 0) {
    return (
      <p className="text-muted">
        Not sent on: no webhook, Slack or acknowledgement was configured when it arrived, or it is
        spam.
      </p>
    );
  }
  const failed = deliveries.filter((delivery) => delivery.status === "failed");
  return (
    <div className="grid gap-4">
      {failed.length > 0 ? (
        <div className="grid gap-2 rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
          <p className="font-semibold">
            ⚠ {failed.length === 1 ? "A delivery" : `${failed.length} deliveries`} failed.
          </p>
          <IfAllowed permission="triage">
            <p>Once the receiver is fixed, send it again:</p>
            <ResendButton
              url={adminApiPaths.retryDeliveries(messageId)}
              label="Send the failed deliveries again"
              refusal="The deliveries were not queued again"
            />
          </IfAllowed>
        </div>
      ) : null}
      {deliveries.some((delivery) => delivery.status === "pending") ? (
        <StatusNote>Queued deliveries are being sent by the server.</StatusNote>
      ) : null}
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3">
              To
            </th>
            <th scope="col" className="py-1 pr-3">
              State
            </th>
            <th scope="col" className="py-1 pr-3">
              Attempts
            </th>
            <th scope="col" className="py-1">
              Last error
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr
              key={`${delivery.channel} ${delivery.receiver}`}
              className="border-t border-slate-200"
            >
              {/* A long address or host wraps anywhere: the table keeps within a phone's width. */}
              <td className="py-1 pr-3 wrap-anywhere">
                {channelLabels[delivery.channel]}: <code>{delivery.receiver}</code>
              </td>
              <td className="py-1 pr-3">
                {deliveryStateLabels[delivery.status]}{" "}
                <When iso={delivery.sentAt ?? delivery.failedAt ?? delivery.lastAttemptAt} />
              </td>
              <td className="py-1 pr-3">{String(delivery.attempts)}</td>
              <td className="py-1 wrap-anywhere">{delivery.lastError ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
