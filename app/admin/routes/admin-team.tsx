// /admin/team (owners): who is on the team and with which role, open invitations, the invitation form and the
// team's recent activity from the audit record.
import { useState } from "react";
import { type IssuedLink, type TeamPage, teamApiPaths } from "../../../contracts/team";
import { adminApi, consoleTitle, whenSignedIn } from "../api";
import { AdminData } from "../components/admin-data";
import { AuditList } from "../components/audit-list";
import { IssuedLinkNote, TeamInvite } from "../components/team-invite";
import { TeamInvitations, TeamMembers } from "../components/team-members";
import { TwoStepPolicy } from "../components/team-policy";
import { PageHeading, Section } from "../components/ui";
import type { Route } from "./+types/admin-team";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: consoleTitle(loaderData, "Team", matches[1]?.loaderData?.unreadCount) },
];

export async function clientLoader() {
  return whenSignedIn(() => adminApi.get<TeamPage>(teamApiPaths.team));
}

export default function AdminTeam({ loaderData }: Route.ComponentProps) {
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  return (
    <AdminData result={loaderData} errorTitle="Team">
      {(team) => (
        <>
          <PageHeading>Team</PageHeading>
          <Section title="Invite someone" id="team-invite">
            <p className="text-muted">
              Owners manage everything, the team included; editors read and triage messages; viewers
              only read. An invitation's link works once, for 48 hours.
            </p>
            <TeamInvite onIssued={setIssued} />
            {issued ? <IssuedLinkNote issued={issued} /> : null}
          </Section>
          <Section title="People" id="team-people">
            <TeamMembers members={team.members} you={team.you} onIssued={setIssued} />
          </Section>
          <Section title="Open invitations and reset links" id="team-invitations">
            <TeamInvitations invitations={team.invitations} onIssued={setIssued} />
          </Section>
          <Section title="Two-step sign-in" id="team-two-step">
            <TwoStepPolicy required={team.twoStepRequired} />
          </Section>
          <Section title="Recent activity" id="team-activity">
            <AuditList entries={team.activity} empty="Nothing recorded yet." />
          </Section>
        </>
      )}
    </AdminData>
  );
}
