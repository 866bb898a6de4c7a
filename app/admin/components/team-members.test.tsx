// The Team page's people: the owner ADMIN_EMAIL sets is offered no removal or role change and the page says why;
// everyone else can be given another role or removed.
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { TeamMember } from "../../../contracts/team";
import { TeamMembers } from "./team-members";

const member = (overrides: Partial<TeamMember>): TeamMember => ({
  id: "m1",
  email: "team.lead@boothpilot.example",
  name: null,
  role: "owner",
  joinedAt: "2026-11-20T09:00:00.000Z",
  twoStep: false,
  setByServer: false,
  ...overrides,
});

const render = (members: TeamMember[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <TeamMembers members={members} you="m1" onIssued={() => {}} />
    </MemoryRouter>,
  );

/** One person's entry as its text, and the controls it offers. */
const entryOf = (html: string, email: string) => {
  const item = html.split("<li").find((part) => part.includes(email)) ?? "";
  return {
    text: item
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
    select: item.includes("<select"),
    buttons: [...item.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]),
  };
};

describe("the team's people", () => {
  it("offers the owner ADMIN_EMAIL sets no role, removal or reset link, and says why", () => {
    const html = render([
      member({ setByServer: true }),
      member({ id: "m2", email: "dana@example.com", name: "Dana", role: "editor" }),
    ]);
    const lead = entryOf(html, "team.lead@boothpilot.example");
    expect(lead.select).toBe(false);
    expect(lead.buttons).toEqual([]);
    expect(lead.text).toContain(
      "Owner, set by ADMIN_EMAIL on the server: to remove or demote them, set ADMIN_EMAIL to another address and restart the server. They change their own password; a new ADMIN_PASSWORD and a restart recover it.",
    );

    const dana = entryOf(html, "dana@example.com");
    expect(dana.select).toBe(true);
    expect(dana.buttons).toEqual(["Send reset link", "Remove…"]);
    expect(dana.text).not.toContain("ADMIN_EMAIL");
  });
});
