import useSWR from 'swr';
import { useApp } from '../../shared/app/app-context';
import type { Page } from '../../shared/api/api-client';

export type RoleKind = 'Roles' | 'RoleTemplates';

export interface Role {
  id: number;
  organizationId: number;
  organizationName: string;
  title: string;
  claims: string[];
  isTemplate: boolean;
}

export interface ClaimSection { key: string; titleFa: string; titleEn: string; claims: { key: string; titleFa: string; titleEn: string }[] }
export interface NamedItem { id: number; name: string }
export interface UserItem { id: number; userName: string; firstName: string | null; lastName: string | null }

/** Every SWR key of the role screens, refreshed together after a change. */
export const rolesKeys = (key: unknown) => Array.isArray(key) && (key[0] === 'roles' || key[0] === 'user-roles' || key[0] === 'organization-templates');

export function useOrganizations() {
  const { api } = useApp();
  return useSWR<Page<NamedItem>>(['organizations-parents'], () => api.get<Page<NamedItem>>('/Organizations/GetAll', { query: { pageSize: 500 } }));
}
