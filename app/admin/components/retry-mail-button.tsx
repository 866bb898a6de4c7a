// Sends a failed e-mail again (after the mail settings were fixed); the outcome is announced.
import { adminApiPaths } from "../../../contracts/admin-api";
import { ResendButton } from "./resend-button";

export function RetryMailButton({ messageId }: { messageId: string }) {
  return (
    <ResendButton
      url={adminApiPaths.retryMail(messageId)}
      label="Send the e-mail again"
      refusal="The e-mail was not queued again"
    />
  );
}
