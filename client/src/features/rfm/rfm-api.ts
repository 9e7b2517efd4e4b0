import { endpoint } from '../../shared/api/endpoint';
import type { ApiClient } from '../../shared/api/api-client';
import type { RfmResult, RfmResults, RfmStrategy } from '../../../../server/shared/insight/rfm.answers';

/** Shapes of `Rfm/*`: the server's answer contracts (module insight, "RFM"). */
export type { RfmResult, RfmResults, RfmStrategy };
export type RfmStrategyItem = RfmStrategy['items'][number];
export type RfmSort = 'totalPoint' | 'realUsedCredit' | 'realSentCount' | 'sendSmsFrequency' | 'recentSendSms';

export type RfmFilter = {
  name?: string;
  minTotalPoint?: number;
  maxTotalPoint?: number;
  withoutSends?: boolean;
  sort: RfmSort;
};

export const rfmApi = {
  strategy: endpoint.get<RfmStrategy>('/Rfm/GetPointStrategy'),
  saveStrategy: endpoint.post<{ items: RfmStrategyItem[] }, RfmStrategy>('/Rfm/SavePointStrategy'),
  results: endpoint.get<RfmResults, RfmFilter & { pageIndex: number; pageSize: number }>('/Rfm/GetResults'),
  exportResults: (api: ApiClient, filter: RfmFilter) => api.get<Blob>('/Rfm/ExportResults', { responseType: 'blob', query: { ...filter } }),
};

export const RFM_PATH = '/rfm';
