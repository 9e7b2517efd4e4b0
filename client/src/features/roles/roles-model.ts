import useSWR from 'swr';
import { useApp } from '../../shared/app/app-context';
import { roleLookups, rolesKeys } from './roles-api';

export type { ClaimSection, Role, RoleKind } from './roles-api';

export interface NamedItem { id: number; name: string }
export interface UserItem { id: number; userName: string; firstName: string | null; lastName: string | null }

export function useOrganizations() {
  const { api } = useApp();
  return useSWR(rolesKeys.organizations(), () => roleLookups.organizations(api, { pageSize: 500 }));
}
