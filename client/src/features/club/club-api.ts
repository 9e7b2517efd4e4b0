import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import type {
  ClubDeviceAnswer, ClubDeviceItem, ClubDevicePage, ClubDeviceWithSecret, ClubFile, ClubFilePage, ClubMemberPage,
} from '../../../../server/shared/engage/club.answers';

export type { ClubDeviceAnswer, ClubDeviceItem, ClubDeviceWithSecret, ClubFile, ClubMember } from '../../../../server/shared/engage/club.answers';

/** The server's PeriodType as a device's delay unit. */
export const DELAY_TYPES = ['Second', 'Minute', 'Hour', 'Daily'] as const;
/** What a device's message may name (the server refuses others). */
export const CLUB_PLACEHOLDERS = ['name', 'amount', 'points', 'totalPoints', 'totalAmount', 'purchaseCount'] as const;

export interface ClubDeviceBody {
  deviceId: string;
  webhookUrl: string | null;
  phonebookIdList: number[];
  delayType: (typeof DELAY_TYPES)[number];
  delayValue: number;
  isShowDetail: boolean;
  messageText: string | null;
  privateNumberId: number | null;
  rialsPerPoint: number | null;
}

export const clubApi = {
  devices: endpoint.get<ClubDevicePage, { pageIndex: number; pageSize: number }>('/ClubDevices/GetAll'),
  createDevice: endpoint.post<ClubDeviceBody, ClubDeviceWithSecret>('/ClubDevices/Create'),
  updateDevice: endpoint.post<ClubDeviceBody & { id: number }, ClubDeviceAnswer>('/ClubDevices/Update'),
  rotateSecret: (api: ApiClient, id: number) => api.post<ClubDeviceWithSecret>(`/ClubDevices/RotateSecret/${id}`, {}),
  setPhonebookDevice: endpoint.post<{ phonebookId: number; deviceConnectionPort: number | null; isSendMessageAfterAddFromDevice: boolean }, { id: number; title: string; deviceConnectionPort: number | null; isSendMessageAfterAddFromDevice: boolean }>('/ClubDevices/SetPhonebookDevice'),
  members: endpoint.get<ClubMemberPage, { pageIndex: number; pageSize: number; search?: string; minPoints?: number; maxPoints?: number }>('/ClubMembers/GetAll'),
  send: endpoint.post<{ privateNumberId: number; smsBody: string; minPoints: number | null; maxPoints: number | null }, { id: number; recipientCount: number }>('/ClubMembers/Send'),
  files: endpoint.get<ClubFilePage, { pageIndex: number; pageSize: number }>('/ClubFiles/GetAll'),
};

export function uploadClubFile(api: ApiClient, title: string, file: File): Promise<ClubFile> {
  return api.post<ClubFile>('/ClubFiles/Upload', file, {
    query: { smartSmsClubTitle: title, fileName: file.name.slice(0, 300) }, rawContentType: file.type || 'application/octet-stream', quiet: true,
  });
}

export const CLUB_FILE_EVENT = 'club-file-progress';
export const isClubFileRunning = (f: ClubFile): boolean => f.status === 'Waiting' || f.status === 'Processing';

export const clubKeys = {
  members: (search: string, min: string, max: string, pageIndex: number, pageSize: number) => ['club-members', search, min, max, pageIndex, pageSize] as const,
  files: (pageIndex: number, pageSize: number) => ['club-files', pageIndex, pageSize] as const,
};

/** A copyable example of a device's signed post (bash with openssl): the body, its HMAC-SHA256 with the secret, the header. */
export function exampleRequest(apiRoot: string, device: { id: number; deviceId: string }, secret: string): string {
  const url = `${apiRoot.replace(/\/+$/, '')}/ClubDevices/Webhook/${device.id}`;
  return [
    `SECRET='${secret}'`,
    `BODY='{"deviceId":"${device.deviceId}","mobile":"09120000000","amount":250000,"purchaseId":"INV-1001","timestamp":'$(date +%s)',"name":"Sara"}'`,
    `SIG=$(printf '%s' "$BODY" | openssl dgst -sha256 -hmac "$SECRET" | sed 's/^.* //')`,
    `curl -X POST '${url}' -H 'content-type: application/json' -H "x-peyk-signature: $SIG" --data "$BODY"`,
  ].join('\n');
}
