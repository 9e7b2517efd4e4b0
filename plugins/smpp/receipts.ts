import type { DeliveryState } from '../../server/gateways/gateway-sdk.js';

export type ReceiptIdFormat = 'as-is' | 'hex-to-decimal' | 'decimal-to-hex';

export interface ParsedReceipt {
  /** The receipted id after receiptIdFormat, comparable with submit_sm_resp ids. */
  id: string;
  /** The operator's stat word (DELIVRD…), or the message_state name when only the TLV came. */
  stat: string;
  state: DeliveryState;
  err?: string;
  submitDate?: string;
  doneDate?: string;
  /** True for an intermediate notification (esm_class 0x20 or 0x08 bits), never final by itself. */
  intermediate: boolean;
}

/**
 * stat words and message_state values (SMPP 3.4 §5.2.28). UNKNOWN is final in 3.4 ("message is in
 * invalid state"): it becomes `undelivered`, since waiting for a receipt that will not come only
 * delays the same answer. DELETED and SKIPPED were not delivered either. ACCEPTD and ENROUTE are
 * the centre saying it holds the message: `pending`.
 */
const STATE_OF_STAT: Record<string, DeliveryState> = {
  DELIVRD: 'delivered', DELIVERED: 'delivered',
  UNDELIV: 'undelivered', UNDELIVERABLE: 'undelivered',
  EXPIRED: 'expired',
  REJECTD: 'rejected', REJECTED: 'rejected',
  DELETED: 'undelivered', UNKNOWN: 'undelivered', SKIPPED: 'undelivered',
  ACCEPTD: 'pending', ACCEPTED: 'pending', ENROUTE: 'pending', SCHEDULED: 'pending',
};

const STAT_OF_STATE: Record<number, string> = {
  0: 'SCHEDULED', 1: 'ENROUTE', 2: 'DELIVRD', 3: 'EXPIRED', 4: 'DELETED', 5: 'UNDELIV', 6: 'ACCEPTD', 7: 'UNKNOWN', 8: 'REJECTD', 9: 'SKIPPED',
};

/**
 * A query_sm_resp's message_state (SMPP 3.4 §5.2.28) as the host's state: the receipt's reading
 * (1 ENROUTE and 6 ACCEPTED pending; 2 DELIVERED; 3 EXPIRED; 4 DELETED and 5 UNDELIVERABLE
 * undelivered; 8 REJECTED rejected), except 7 UNKNOWN, which a query answers for a message the
 * centre cannot say anything about: `unknown` (the host leaves the receiver as it is), not a final
 * outcome. Values outside 3.4's table are `unknown` too. The word is the receipt's stat word.
 */
export function queriedStateOf(messageState: number): { state: DeliveryState | 'unknown'; stat: string } {
  const stat = STAT_OF_STATE[messageState];
  if (stat === undefined || messageState === 7 || messageState === 0 || messageState === 9) return { state: 'unknown', stat: stat ?? `STATE_${messageState}` };
  return { state: STATE_OF_STAT[stat]!, stat };
}

export function deliveryStateOf(stat: string): DeliveryState | undefined {
  return STATE_OF_STAT[stat.toUpperCase()];
}

/**
 * Message-type bits of esm_class (SMPP 3.4 §5.2.12): 0x04 SMSC delivery receipt, 0x08 SME delivery
 * acknowledgement, 0x20 intermediate delivery notification. Anything else is a mobile-originated message.
 */
export function isReceipt(esmClass: number): boolean {
  return (esmClass & (0x04 | 0x08 | 0x20)) !== 0;
}

/**
 * Fields of the text form `id:… sub:… dlvrd:… submit date:… done date:… stat:… err:… text:…`,
 * leniently: any case, any order, missing fields, extra spaces. `text:` runs to the end.
 */
export function parseReceiptText(text: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const textAt = text.search(/\btext:/i);
  const head = textAt >= 0 ? text.slice(0, textAt) : text;
  if (textAt >= 0) fields.text = text.slice(textAt + 5);
  const re = /(id|sub|dlvrd|submit\s*date|done\s*date|stat|err)\s*:\s*(\S*)/gi;
  for (const m of head.matchAll(re)) fields[m[1]!.toLowerCase().replace(/\s+/g, ' ')] = m[2]!;
  return fields;
}

/** Converts a receipt id to the form submit_sm_resp used; an id that does not parse stays as it came. */
export function convertReceiptId(id: string, format: ReceiptIdFormat): string {
  const trimmed = id.trim();
  try {
    if (format === 'hex-to-decimal' && /^[0-9a-f]+$/i.test(trimmed)) return BigInt(`0x${trimmed}`).toString(10);
    if (format === 'decimal-to-hex' && /^\d+$/.test(trimmed)) return BigInt(trimmed).toString(16);
  } catch {
    // fall through: as it came
  }
  return trimmed;
}

/**
 * A receipt from deliver_sm fields: the receipted_message_id and message_state TLVs win over the
 * text (they are typed), the text fills what they lack. Null when no id can be found.
 */
export function parseReceipt(input: { esmClass: number; text: string; receiptedMessageId?: string; messageState?: number }, format: ReceiptIdFormat): ParsedReceipt | null {
  const fields = parseReceiptText(input.text);
  const rawId = input.receiptedMessageId && input.receiptedMessageId.trim() !== '' ? input.receiptedMessageId : fields.id;
  if (!rawId) return null;
  let stat = fields.stat ? fields.stat.toUpperCase() : undefined;
  const fromTlv = input.messageState !== undefined ? STAT_OF_STATE[input.messageState] : undefined;
  if (fromTlv && (!stat || !deliveryStateOf(stat))) stat = fromTlv;
  if (!stat) return null;
  const intermediate = (input.esmClass & 0x20) !== 0;
  const known = deliveryStateOf(stat);
  // An unknown stat word is not a final answer: keep it pending; the host's report time-out decides.
  const state: DeliveryState = intermediate ? 'pending' : known ?? 'pending';
  const receipt: ParsedReceipt = { id: convertReceiptId(rawId, format), stat, state, intermediate };
  if (fields.err !== undefined) receipt.err = fields.err;
  if (fields['submit date'] !== undefined) receipt.submitDate = fields['submit date'];
  if (fields['done date'] !== undefined) receipt.doneDate = fields['done date'];
  return receipt;
}
