/** Shapes of the P2P file send (`ScheduledMessages/UploadP2PFile`, `…P2P…` sends and previews). */
import type { ApiClient } from '../../shared/api/api-client';
import { endpoint } from '../../shared/api/endpoint';
import type { SendBody } from '../sending/sending-api';
import type { P2PCalculationAnswer, P2PFileAnswer, P2PSendAnswer } from '../../../../server/shared/sends/p2p.answers';

/** The uploaded file as the server read it: titles, counts, the first rows (the server's answer contract). */
export type P2PFile = P2PFileAnswer;

/** Where each receiver's text comes from: the file's second column, a template, or a template with the tracking number. */
export type P2PMessageKind = 'column' | 'template' | 'tracking';

/** The server's column the tracking-number send needs (any case in the file). */
export const TRACKING_COLUMN = 'trackingNumber';

/** The preview and the send; `duplicateWarning` is set when repeated numbers are kept (the server's warning in the caller's language). */
export type P2PCalculation = P2PCalculationAnswer;
export type P2PSend = P2PSendAnswer;

const preview = endpoint.post<SendBody, P2PCalculation>('/ScheduledMessages/GetScheduledMessageCalculationsByP2P');
const create = endpoint.post<SendBody, P2PSend>('/ScheduledMessages/CreateP2PScheduledMessage');
const previewTracking = endpoint.post<SendBody, P2PCalculation>('/ScheduledMessages/GetScheduledMessageCalculationsByTrackingNumberP2P');
const createTracking = endpoint.post<SendBody, P2PSend>('/ScheduledMessages/CreateTrackingNumberP2PScheduledMessage');

/** Each message kind's send and preview: the file's column and a template share one pair, the tracking number has its own. */
export const P2P_ACTIONS: Record<P2PMessageKind, { create: typeof create; preview: typeof preview }> = {
  column: { create, preview },
  template: { create, preview },
  tracking: { create: createTracking, preview: previewTracking },
};

/** The body is the file itself (xlsx or CSV), its name in the query; quiet: the screen shows the field errors. */
export function uploadP2PFile(api: ApiClient, file: File): Promise<P2PFile> {
  return api.post<P2PFile>('/ScheduledMessages/UploadP2PFile', file, {
    query: { fileName: file.name }, rawContentType: 'application/octet-stream', quiet: true,
  });
}
