import type { SendRow } from './sends.repository.js';
import { specEncoding, type SmsEncoding } from '../../shared/sms/sms-text.js';
import { priorityOfRank } from '../../shared/sends/send-priorities.js';

/** A send as the outbox and the compose calls answer it (amounts as decimal strings, no internal columns). */
export function publicSend(row: SendRow | Record<string, unknown>): Record<string, unknown> {
  // The status request's columns are answered shaped, as the detail's `deliveryStatusRequest`, never raw.
  const { clientSendId, refundPolicy: _p, statusRequestedAt: _sa, statusRequest: _sr, ...rest } = row as Record<string, unknown>;
  const encoding = (row as SendRow).smsEncoding as SmsEncoding | undefined;
  return {
    ...rest, sendId: clientSendId ?? null, receiverCount: (row as SendRow).recipientCount, smsCount: (row as SendRow).smsParts,
    ...(encoding ? { smsEncoding: specEncoding(encoding) } : {}),
    // Stored as a rank (migration 0104), answered by the spec's SendPriority name.
    ...(typeof (row as SendRow).priority === 'number' ? { priority: priorityOfRank((row as SendRow).priority) } : {}),
  };
}
