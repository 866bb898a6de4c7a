// /admin/messages/:id: one contact message (the contact e-mail links here). Opening it marks it read, once per
// visit of the page: reloading its data (a live update) never reads it again after "mark unread".
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { adminApiPaths, type MessageDetail } from "../../../contracts/admin-api";
import { adminApi, consoleTitle, whenSignedIn } from "../api";
import { AdminData } from "../components/admin-data";
import { MessageDetails } from "../components/message-details";
import type { Route } from "./+types/admin-message";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: consoleTitle(
      loaderData,
      loaderData?.kind === "ok" ? `Message from ${loaderData.data.name}` : "Message",
      matches[1]?.loaderData?.unreadCount,
    ),
  },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return whenSignedIn(() => adminApi.get<MessageDetail>(adminApiPaths.message(params.id)));
}

function MarkReadOnOpen({ id, read }: { id: string; read: boolean }) {
  const revalidator = useRevalidator();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per message opened, not on every reload of it.
  useEffect(() => {
    if (read) return;
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
    <AdminData result={loaderData} errorTitle="Message not shown">
      {(message) => (
        <>
          <MarkReadOnOpen id={message.id} read={message.readAt !== null} />
          <MessageDetails message={message} />
        </>
      )}
    </AdminData>
  );
}
