// The signed-in person's role for the console's components: they offer only what the role may do (the server
// refuses the rest whatever the page shows).
import { createContext, type ReactNode, useContext } from "react";
import { may, type Permission, type TeamRole } from "../../contracts/team";

const RoleContext = createContext<TeamRole | null>(null);

export function RoleProvider({ role, children }: { role: TeamRole | null; children: ReactNode }) {
  return <RoleContext value={role}>{children}</RoleContext>;
}

/** Whether the signed-in person's role allows this (false before anyone is signed in). */
export function useMay(permission: Permission): boolean {
  const role = useContext(RoleContext);
  return role !== null && may(role, permission);
}

/** Its children, only for a role that allows the permission. */
export function IfAllowed({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  return useMay(permission) ? children : null;
}
