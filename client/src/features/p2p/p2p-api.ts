/** Shapes of the P2P file send (`ScheduledMessages/UploadP2PFile`, `…P2P…` sends and previews). */
import type { Calculation, Send } from '../sending/sending-api';

/** The uploaded file as the server read it: titles, counts, the first rows. */
export interface P2PFile {
  uploadId: string;
  fileName: string;
  format: 'xlsx' | 'csv';
  columns: string[];
  rowCount: number;
  validCount: number;
  wrongNumberCount: number;
  duplicateCount: number;
  invalidSamples: string[];
  sampleRows: string[][];
}

/** Where each receiver's text comes from: the file's second column, a template, or a template with the tracking number. */
export type P2PMessageKind = 'column' | 'template' | 'tracking';

/** The server's column the tracking-number send needs (any case in the file). */
export const TRACKING_COLUMN = 'trackingNumber';

export interface P2PCalculation extends Calculation {
  /** Set when repeated numbers are kept: the server's warning in the caller's language. */
  duplicateWarning: string | null;
}

export type P2PSend = Send & { duplicateWarning: string | null };

export const P2P_ACTIONS: Record<P2PMessageKind, { create: string; preview: string }> = {
  column: { create: 'CreateP2PScheduledMessage', preview: 'GetScheduledMessageCalculationsByP2P' },
  template: { create: 'CreateP2PScheduledMessage', preview: 'GetScheduledMessageCalculationsByP2P' },
  tracking: { create: 'CreateTrackingNumberP2PScheduledMessage', preview: 'GetScheduledMessageCalculationsByTrackingNumberP2P' },
};
