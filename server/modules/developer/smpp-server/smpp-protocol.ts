import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import type { Server as NetServer, Socket } from 'node:net';
import type { DeliveryStatus } from '../../messaging/index.js';

/**
 * The server side of the `smpp` npm package (0.5.1, CommonJS, untyped), typed as far as this
 * server uses it, and the few protocol facts the server needs (SMPP 3.4). The library frames and
 * decodes PDUs; windowing, throughput, time-outs and hostile input are this folder's job.
 */

export interface SmppPdu {
  command: string;
  command_id: number;
  command_status: number;
  sequence_number: number;
  [field: string]: unknown;
  isResponse(): boolean;
  response(options?: Record<string, unknown>): SmppPdu;
}

export interface SmppSession extends EventEmitter {
  socket: Socket;
  sequence: number;
  send(pdu: SmppPdu): boolean;
  close(callback?: () => void): void;
  destroy(callback?: () => void): void;
}

export type SmppListener = NetServer;

interface SmppLibrary {
  createServer(options: Record<string, unknown>, listener: (session: SmppSession) => void): SmppListener;
  PDU: new (command: string, options?: Record<string, unknown>) => SmppPdu;
}

let loaded: SmppLibrary | null = null;
/** Loaded on first use: importing this file runs nothing. */
function library(): SmppLibrary {
  loaded ??= createRequire(import.meta.url)('smpp') as SmppLibrary;
  return loaded;
}

export function createSmppListener(tls: { key: string; cert: string } | null, onSession: (session: SmppSession) => void): SmppListener {
  return library().createServer(tls ?? {}, onSession);
}

export function pdu(command: string, fields: Record<string, unknown> = {}): SmppPdu {
  return new (library().PDU)(command, fields);
}

/** command_status values this server answers (SMPP 3.4 §5.1.3). */
export const STATUS = {
  ROK: 0x00,
  RINVMSGLEN: 0x01,
  RINVCMDLEN: 0x02,
  RINVCMDID: 0x03,
  RINVBNDSTS: 0x04,
  RALYBND: 0x05,
  RSYSERR: 0x08,
  RINVSRCADR: 0x0a,
  RINVDSTADR: 0x0b,
  RBINDFAIL: 0x0d,
  RINVPASWD: 0x0e,
  RINVSYSID: 0x0f,
  RMSGQFUL: 0x14,
  RINVSERTYP: 0x15,
  RSUBMITFAIL: 0x45,
  RTHROTTLED: 0x58,
  RINVDCS: 0x104,
} as const;

/**
 * A C-octet string field holding U+0000. The library reads these fields as 'ascii', which folds
 * byte 0x80 to U+0000, and PostgreSQL text cannot store it (the query fails): such a field is
 * refused at the edge with the field's own status, before any lookup.
 */
export function hasNul(value: unknown): boolean {
  return typeof value === 'string' && value.includes('\u0000');
}

/** The codec the SMPP client plugin uses too (hot-path PDUs as bytes). */
export { encodeDeliverSm, encodeSubmitSmResp, nextSequence } from '../../../shared/sms/smpp-pdu.js';

export interface Concat {
  ref: number;
  total: number;
  seq: number;
}

/** A part's place in a long message: UDH IEI 0x00 (8-bit ref) / 0x08 (16-bit ref) or SAR TLVs. */
export function concatOf(p: SmppPdu): Concat | null {
  const sm = p.short_message as { udh?: Buffer[] } | undefined;
  for (const ie of sm && typeof sm === 'object' && !Buffer.isBuffer(sm) ? sm.udh ?? [] : []) {
    if (ie[0] === 0x00 && ie[1] === 3 && ie.length >= 5) return { ref: ie[2]!, total: ie[3]!, seq: ie[4]! };
    if (ie[0] === 0x08 && ie[1] === 4 && ie.length >= 6) return { ref: (ie[2]! << 8) | ie[3]!, total: ie[4]!, seq: ie[5]! };
  }
  if (typeof p.sar_msg_ref_num === 'number' && typeof p.sar_total_segments === 'number' && typeof p.sar_segment_seqnum === 'number') {
    return { ref: p.sar_msg_ref_num, total: p.sar_total_segments, seq: p.sar_segment_seqnum };
  }
  return null;
}

/**
 * The text of a submit_sm as the library decoded it by data_coding (0/1 GSM 03.38, 3 Latin-1,
 * 8 UCS-2); message_payload wins when present. Null for a coding this server does not take
 * (binary, other alphabets): the client gets ESME_RINVDCS.
 */
export function textOf(p: SmppPdu): string | null {
  const coding = Number(p.data_coding ?? 0) & 0x0f;
  if (![0, 1, 3, 8].includes(coding)) return null;
  const read = (v: unknown): string | null => {
    if (typeof v === 'string') return v;
    if (v && typeof v === 'object' && !Buffer.isBuffer(v)) return read((v as { message?: unknown }).message);
    if (Buffer.isBuffer(v)) return v.length === 0 ? '' : null;
    return v === undefined || v === null ? '' : null;
  };
  if (p.message_payload !== undefined) return read(p.message_payload);
  return read(p.short_message);
}

/** Class 0 ("flash"): data_coding 0x10 (GSM) or 0x18 (UCS-2), message class bits 00. */
export function isFlash(p: SmppPdu): boolean {
  const dc = Number(p.data_coding ?? 0);
  return (dc & 0xf0) === 0x10 && (dc & 0x03) === 0;
}

/**
 * A final receiver status as a receipt says it: the stat word, message_state (§5.2.28) and err.
 * Delivered → DELIVRD; not delivered to the phone → UNDELIV; expired → EXPIRED; refused by the
 * operator's centre or never sent (refused at submit, blacklisted) → REJECTD; given up by us
 * (ErrorInSending) → UNDELIV; cancelled → DELETED; no report in time (Unknown) → UNKNOWN.
 * err is the status's place in the spec's DeliveryStatus list (000 for delivered), so a client
 * can tell the reasons apart.
 */
export function receiptStateOf(status: DeliveryStatus, statuses: readonly string[]): { stat: string; state: number; err: string } {
  const err = status === 'SentAndReceivedbyPhone' ? '000' : String(Math.max(1, statuses.indexOf(status))).padStart(3, '0');
  switch (status) {
    case 'SentAndReceivedbyPhone': return { stat: 'DELIVRD', state: 2, err };
    case 'HaveNotReceivedToPhone': case 'ErrorInSending': return { stat: 'UNDELIV', state: 5, err };
    case 'Expired': return { stat: 'EXPIRED', state: 3, err };
    case 'IsCanceled': return { stat: 'DELETED', state: 4, err };
    case 'Unknown': return { stat: 'UNKNOWN', state: 7, err };
    default: return { stat: 'REJECTD', state: 8, err };
  }
}

/** YYMMDDhhmm in UTC, the receipt text's date form. */
export function receiptDate(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCFullYear() % 100)}${two(at.getUTCMonth() + 1)}${two(at.getUTCDate())}${two(at.getUTCHours())}${two(at.getUTCMinutes())}`;
}

/** The receipt text form (SMPP 3.4 appendix B). `text:` carries the message's first 20 characters, plain ASCII only. */
export function receiptText(r: { id: string; stat: string; err: string; submittedAt: Date; doneAt: Date; textStart: string }): string {
  const dlvrd = r.stat === 'DELIVRD' ? '001' : '000';
  const text = r.textStart.replace(/[^A-Za-z0-9 .,:!?-]/g, '?').slice(0, 20);
  return `id:${r.id} sub:001 dlvrd:${dlvrd} submit date:${receiptDate(r.submittedAt)} done date:${receiptDate(r.doneAt)} stat:${r.stat} err:${r.err} text:${text}`;
}
