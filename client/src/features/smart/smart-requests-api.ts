import { endpoint } from '../../shared/api/endpoint';
import type { GeoArea } from '../../../../server/shared/targeting/geo-areas';
import type { SmartAgents, SmartAudience, SmartOperator, SmartEstimate, SmartRequest, SmartRequestDetail } from '../../../../server/shared/targeting/smart-requests.answers';

export { SMART_OPERATORS, SMART_REQUEST_STAGES, SMART_SMS_STATUS_NAMES } from '../../../../server/shared/targeting/smart-requests.answers';
export type { SmartAgents, SmartAudience, SmartEstimate, SmartOperator, SmartRequest, SmartRequestDetail };

/** The body of `CreateSmartSmsRecipient`, `Estimate` and (with `id`) `Update` (targeting CONTEXT.md, "Smart requests API"). */
export interface SmartRequestBody {
  requestName: string;
  text: string;
  operator: SmartOperator | null;
  areas: GeoArea[];
  residenceState: boolean;
  joberState: boolean;
  travellerState: boolean;
  provinces: string[];
  ageFrom: number | null;
  ageTo: number | null;
  gender: 'All' | 'Man' | 'Woman';
  deviceType: string | null;
  brand: string | null;
  model: string | null;
  mobilePrefix: string[];
  cellList: string[];
  senderAgentId?: number;
  grayListExpireHour: number | null;
  maxSendCount: number | null;
  maxDailySendCount: number | null;
  smartRequestType: 'Area' | 'CellList';
  sendCountType: 'Count' | 'Percentage';
  countToSend: number | null;
  percentageToSend: number | null;
  startDatetime: string;
  endDatetime: string;
}

/** `SmartSmsRecipients/*` (server module targeting). */
export const smartRequestsApi = {
  list: endpoint.get<{ items: SmartRequest[]; totalCount: number }, { pageIndex: number; pageSize: number; status?: string; stage?: string }>('/SmartSmsRecipients/GetAll'),
  get: endpoint.getById<SmartRequestDetail>('/SmartSmsRecipients/Get'),
  estimate: endpoint.post<SmartRequestBody, SmartEstimate>('/SmartSmsRecipients/Estimate'),
  agents: endpoint.get<SmartAgents>('/SmartSmsRecipients/GetAgents'),
  create: endpoint.post<SmartRequestBody, SmartRequest>('/SmartSmsRecipients/CreateSmartSmsRecipient'),
  update: endpoint.post<SmartRequestBody & { id: number }, SmartRequest>('/SmartSmsRecipients/Update'),
  confirm: endpoint.postById<SmartRequest>('/SmartSmsRecipients/Confirm'),
  cancel: endpoint.postById<SmartRequest>('/SmartSmsRecipients/Cancel'),
  reject: (api: Parameters<ReturnType<typeof endpoint.postById>>[0], id: number, reason: string | null) =>
    api.post<SmartRequest>(`/SmartSmsRecipients/Reject/${id}`, { reason }),
};

export const smartRequestsKeys = { agents: () => ['smart-agents'] as const, list: () => ['smart-requests'] as const, detail: (id: number) => ['smart-request', id] as const };

/** The server's push on every progress report (`smart-request-progress`). */
export const SMART_PROGRESS_EVENT = 'smart-request-progress';
export interface SmartProgress { id: number; stage: SmartRequest['stage']; status: SmartRequest['status']; statusDatetime: string; foundCount: number; sentCount: number; deliveredCount: number }

export function isSmartProgress(value: unknown): value is SmartProgress {
  const v = value as SmartProgress | null;
  return !!v && typeof v === 'object' && typeof v.id === 'number' && typeof v.sentCount === 'number' && typeof v.stage === 'string';
}
