import { endpoint } from '../../shared/api/endpoint';
import type { ImpersonationHistoryItem, ImpersonationHistoryPage } from '../../../../server/shared/identity/account.answers';

/** `Account/GetImpersonationHistory`: the server's answer contract (module identity). */
export type ImpersonationRow = ImpersonationHistoryItem;

export const impersonationApi = {
  history: endpoint.get<ImpersonationHistoryPage, { pageIndex: number; pageSize: number }>('/Account/GetImpersonationHistory'),
};

export const impersonationKeys = {
  history: (pageIndex: number, pageSize: number) => ['impersonations', pageIndex, pageSize] as const,
};
