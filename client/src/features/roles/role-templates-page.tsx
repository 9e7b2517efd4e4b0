import { RoleListScreen } from './role-list-screen';

/** Role templates of the system or a reseller: list, create/edit, delete, assign to an organization. */
export function RoleTemplatesPage() {
  return <RoleListScreen kind="RoleTemplates" />;
}
