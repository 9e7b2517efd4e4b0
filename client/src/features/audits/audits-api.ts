import { endpoint } from '../../shared/api/endpoint';
import type { AuditRowAnswer, AuditsPage } from '../../../../server/shared/audit/audit.answers';

/** `Audits/GetAll`: the server's answer contract (module audit). */
export type AuditRow = AuditRowAnswer;

export const auditsApi = {
  list: endpoint.get<AuditsPage, { pageIndex: number; pageSize: number; className?: string; operationType?: string }>('/Audits/GetAll'),
};

export const auditsKeys = {
  list: (className: string, operationType: string, pageIndex: number, pageSize: number) => ['audits', className, operationType, pageIndex, pageSize] as const,
};
