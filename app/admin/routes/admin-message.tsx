// /admin/messages/:id: one contact message (the contact e-mail links here). Opening it marks it read, once per
// visit of the page: reloading its data (a live update) never reads it again after "mark unread". Below it, its
// history from the audit record.
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { adminApiPaths, type MessageDetail } from "../../../contracts/admin-api";
import { type AuditEntry, teamApiPaths } from "../../../contracts/team";
import { adminApi, consoleTitle, whenSignedIn } from "../api";
import { AdminData } from "../components/admin-data";
import { MessageDetails } from "../components/message-details";
import { MessageHistory } from "../components/message-history";
import { useMay } from "../role";
import type { Route } from "./+types/admin-message";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: consoleTitle(
      loaderData?.message,
      loaderData?.message.kind === "ok"
        ? `Message from ${loaderData.message.data.name}`
        : "Message",
      matches[1]?.loaderData?.unreadCount,
    ),
  },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const [message, history] = await Promise.all([
    whenSignedIn(() => adminApi.get<MessageDetail>(adminApiPaths.message(params.id))),
    whenSignedIn(() => adminApi.get<AuditEntry[]>(teamApiPaths.messageHistory(params.id))),
  ]);
  // The history is the page's lesser part: without it the message still shows.
  return { message, history: history.kind === "ok" ? history.data : [] };
}

function MarkReadOnOpen({ id, read }: { id: string; read: boolean }) {
  const revalidator = useRevalidator();
  // A viewer's opening is no triage: the message stays unread for the team.
  const mayTriage = useMay("triage");
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per message opened, not on every reload of it.
  useEffect(() => {
    if (read || !mayTriage) return;
    // The page's data and the unread count (header, tab title) load again once it is read: the live stream
    // announces the change too, but a page opened from the e-mail reads it before its stream is connected.
    void adminApi.post(adminApiPaths.messageAction(id, "read")).then((result) => {
      if (result.kind === "ok") void revalidator.revalidate();
    });
  }, [id]);
  return null;
}

export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminData result={loaderData.message} errorTitle="Message not shown">
      {(message) => (
        <>
          <MarkReadOnOpen id={message.id} read={message.readAt !== null} />
          <MessageDetails message={message} />
          <MessageHistory entries={loaderData.history} />
        </>
      )}
    </AdminData>
  );
}
