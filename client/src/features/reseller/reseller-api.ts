import { endpoint } from '../../shared/api/endpoint';
import type { ResellerMargin, ResellerSettings, ResellerTarget, ResellerTargets } from '../../../../server/shared/billing/resellers.answers';

/** Shapes of `Resellers/*`: the server's answer contracts (module billing, "Resellers"). */
export type { ResellerMargin, ResellerSettings, ResellerTarget, ResellerTargets };
export type MarginSend = ResellerMargin['items'][number];
export type MarginPeriod = ResellerMargin['periods'][number];
export type TargetTimes = ResellerTarget['times'];
export const TARGET_TIMES: readonly TargetTimes[] = ['Monthly', 'Quarterly', 'Yearly'];

export type MarginQuery = {
  resellerId?: number;
  fromDate: string;
  toDate: string;
  groupBy: 'day' | 'month';
  customerOrganizationId?: number;
  pageIndex: number;
  pageSize: number;
};

export interface TargetInput {
  title: string | null;
  times: TargetTimes;
  targetValue: number;
  credit: string;
  isActive: boolean;
}

export const resellerApi = {
  margin: endpoint.get<ResellerMargin, MarginQuery>('/Resellers/GetMargin'),
  settings: endpoint.get<ResellerSettings, { resellerId?: number }>('/Resellers/GetSettings'),
  saveSettings: endpoint.post<{ resellerId: number; pricePerSms: string | null; panelPercent: string | null }, ResellerSettings>('/Resellers/UpdateSettings'),
  targets: endpoint.get<ResellerTargets, { resellerId?: number }>('/Resellers/GetTargets'),
  createTarget: endpoint.post<TargetInput & { resellerId: number }, ResellerTarget>('/Resellers/CreateTarget'),
  updateTarget: endpoint.post<TargetInput & { id: number }, ResellerTarget>('/Resellers/UpdateTarget'),
  deleteTarget: endpoint.deleteById<{ id: number }>('/Resellers/DeleteTarget'),
};

export const MARGIN_PATH = '/reseller/margin';
export const TARGETS_PATH = '/reseller/targets';
