// /admin/messages/:id: one contact message (the contact e-mail links here).
import { adminApiPaths, type MessageDetail } from "../../../contracts/admin-api";
import { adminApi, consoleTitle, whenSignedIn } from "../api";
import { AdminData } from "../components/admin-data";
import { MessageDetails } from "../components/message-details";
import type { Route } from "./+types/admin-message";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: consoleTitle(
      loaderData,
      loaderData?.kind === "ok" ? `Message from ${loaderData.data.name}` : "Message",
    ),
  },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return whenSignedIn(() => adminApi.get<MessageDetail>(adminApiPaths.message(params.id)));
}

export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  return (
    <AdminData result={loaderData} errorTitle="Message not shown">
      {(message) => <MessageDetails message={message} />}
    </AdminData>
  );
}
