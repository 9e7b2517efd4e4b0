import useSWR from 'swr';
import type { CurrentUserAnswer } from '../../../../server/shared/identity/account.answers';

/**
 * `GetCurrentUser`'s answer: the server's contract (identity/account.answers.ts). The key is the
 * path itself, fetched by the default fetcher; `accountApi.currentUser` names the same call.
 */
export type CurrentUser = CurrentUserAnswer;

export const CURRENT_USER_KEY = '/Users/GetCurrentUser';

export function useCurrentUser() {
  return useSWR<CurrentUser>(CURRENT_USER_KEY);
}

export function hasClaim(user: CurrentUser | undefined, claim: string | undefined): boolean {
  if (!claim) return true;
  return !!user?.claims.includes(claim);
}
