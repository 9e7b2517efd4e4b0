import { RoleListScreen } from './role-list-screen';

/** Roles of an organization: list, create/edit with the claim picker, clone, delete, assign to a user. */
export function RolesPage() {
  return <RoleListScreen kind="Roles" />;
}
