// The console's webhook and acknowledgement state of a message: each delivery with its state, a failure called out
// with the way to send it again, and what it says when there is nothing to show.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { LeadDelivery } from "../../../contracts/admin-api";
import type { TeamRole } from "../../../contracts/team";
import { RoleProvider } from "../role";
import { LeadDeliveries } from "./lead-deliveries";

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

const delivery = (overrides: Partial<LeadDelivery>): LeadDelivery => ({
  channel: "webhook",
  receiver: "hooks.example",
  status: "sent",
  attempts: 1,
  lastAttemptAt: null,
  lastError: null,
  lastErrorKind: null,
  sentAt: null,
  failedAt: null,
  ...overrides,
});

const render = (deliveries: LeadDelivery[], role: TeamRole = "editor") =>
  text(
    renderToStaticMarkup(
      <MemoryRouter>
        <RoleProvider role={role}>
          <LeadDeliveries deliveries={deliveries} messageId="m1" />
        </RoleProvider>
      </MemoryRouter>,
    ),
  );

const failedSlack = () =>
  delivery({
    channel: "slack",
    receiver: "Slack",
    status: "failed",
    attempts: 212,
    lastError: "503 from the receiver",
  });

describe("the deliveries of a message", () => {
  it("lists each receiver's state, and offers to send a failed one again", () => {
    expect(
      render([
        delivery({}),
        failedSlack(),
        delivery({ channel: "ack", receiver: "ada@example.com", status: "pending", attempts: 0 }),
      ]),
    ).toBe(
      "⚠ A delivery failed. Once the receiver is fixed, send it again: Send the failed deliveries again " +
        "Queued deliveries are being sent by the server. To State Attempts Last error " +
        "Webhook: hooks.example Delivered 1 Slack: Slack Failed 212 503 from the receiver " +
        "Acknowledgement to the sender: ada@example.com Queued 0",
    );
  });

  it("offers a viewer no way to send a failed one again", () => {
    expect(render([failedSlack()], "viewer")).toBe(
      "⚠ A delivery failed. To State Attempts Last error Slack: Slack Failed 212 503 from the receiver",
    );
  });

  it("says when a message was not sent on", () => {
    expect(render([])).toBe(
      "Not sent on: no webhook, Slack or acknowledgement was configured when it arrived, or it is spam.",
    );
  });
});
