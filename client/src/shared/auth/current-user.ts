import useSWR from 'swr';

export interface CurrentUser {
  id: number;
  userName: string;
  firstName: string | null;
  lastName: string | null;
  fullName: string;
  email: string | null;
  mobile: string | null;
  organizationId: number;
  organizationName: string;
  scope: 'superAdmin' | 'reseller' | 'organization' | 'user';
  isAdmin: boolean;
  claims: string[];
  changePasswordRequired: boolean;
  isImpersonating: boolean;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  activeOrganizationId: number;
  /** The user's own flag: the voice send screen says so instead of offering a send the server refuses. */
  isCanSendVoice?: boolean;
}

export const CURRENT_USER_KEY = '/Users/GetCurrentUser';

export function useCurrentUser() {
  return useSWR<CurrentUser>(CURRENT_USER_KEY);
}

export function hasClaim(user: CurrentUser | undefined, claim: string | undefined): boolean {
  if (!claim) return true;
  return !!user?.claims.includes(claim);
}
