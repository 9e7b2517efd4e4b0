import type { RefusalCode } from '../../server/gateways/gateway-sdk.js';

/** What a submit_sm_resp command_status means for the message. */
export type StatusOutcome =
  | { kind: 'ok' }
  /** The centre is overloaded: slow the bind down and try the part again. */
  | { kind: 'throttle'; code: string; name: string }
  | { kind: 'transient'; code: string; name: string }
  | { kind: 'rejected'; code: string; name: string };

/** command_status names (SMPP 3.4 §5.1.3), with a few words for the panel's health line. */
export const STATUS_NAMES: Record<number, [string, string]> = {
  0x00: ['ESME_ROK', 'ok'],
  0x01: ['ESME_RINVMSGLEN', 'invalid message length'],
  0x02: ['ESME_RINVCMDLEN', 'invalid command length'],
  0x03: ['ESME_RINVCMDID', 'invalid command id'],
  0x04: ['ESME_RINVBNDSTS', 'incorrect bind status'],
  0x05: ['ESME_RALYBND', 'already bound'],
  0x06: ['ESME_RINVPRTFLG', 'invalid priority flag'],
  0x07: ['ESME_RINVREGDLVFLG', 'invalid registered delivery flag'],
  0x08: ['ESME_RSYSERR', 'system error'],
  0x0a: ['ESME_RINVSRCADR', 'invalid source address'],
  0x0b: ['ESME_RINVDSTADR', 'invalid destination address'],
  0x0c: ['ESME_RINVMSGID', 'invalid message id'],
  0x0d: ['ESME_RBINDFAIL', 'bind failed'],
  0x0e: ['ESME_RINVPASWD', 'invalid password'],
  0x0f: ['ESME_RINVSYSID', 'invalid system id'],
  0x14: ['ESME_RMSGQFUL', 'message queue full'],
  0x15: ['ESME_RINVSERTYP', 'invalid service type'],
  0x43: ['ESME_RINVESMCLASS', 'invalid esm_class'],
  0x45: ['ESME_RSUBMITFAIL', 'submit failed'],
  0x48: ['ESME_RINVSRCTON', 'invalid source TON'],
  0x49: ['ESME_RINVSRCNPI', 'invalid source NPI'],
  0x50: ['ESME_RINVDSTTON', 'invalid destination TON'],
  0x51: ['ESME_RINVDSTNPI', 'invalid destination NPI'],
  0x53: ['ESME_RINVSYSTYP', 'invalid system type'],
  0x58: ['ESME_RTHROTTLED', 'throttled'],
  0x61: ['ESME_RINVSCHED', 'invalid scheduled delivery time'],
  0x62: ['ESME_RINVEXPIRY', 'invalid validity period'],
  0x64: ['ESME_RX_T_APPN', 'temporary application error'],
  0x65: ['ESME_RX_P_APPN', 'permanent application error'],
  0x66: ['ESME_RX_R_APPN', 'application error, rejected'],
  0xc0: ['ESME_RINVTLVSTREAM', 'invalid TLV stream'],
  0xc1: ['ESME_RTLVNOTALLWD', 'TLV not allowed'],
  0xc2: ['ESME_RINVTLVLEN', 'invalid TLV length'],
  0xc3: ['ESME_RMISSINGTLV', 'missing TLV'],
  0xc4: ['ESME_RINVTLVVAL', 'invalid TLV value'],
  0xfe: ['ESME_RDELIVERYFAILURE', 'delivery failure'],
  0xff: ['ESME_RUNKNOWNERR', 'unknown error'],
  0x100: ['ESME_RSERTYPUNAUTH', 'service type not authorised'],
  0x101: ['ESME_RPROHIBITED', 'prohibited'],
  0x104: ['ESME_RINVDCS', 'invalid data coding'],
};

const REFUSAL_OF: Record<number, RefusalCode> = {
  0x0b: 'InvalidDestination', 0x50: 'InvalidDestination', 0x51: 'InvalidDestination',
  0x0a: 'InvalidSender', 0x48: 'InvalidSender', 0x49: 'InvalidSender',
  0x0d: 'InvalidCredentials', 0x0e: 'InvalidCredentials', 0x0f: 'InvalidCredentials',
  0x01: 'InvalidRequest', 0x02: 'InvalidRequest', 0x06: 'InvalidRequest', 0x07: 'InvalidRequest', 0x43: 'InvalidRequest', 0x61: 'InvalidRequest',
  0x62: 'InvalidRequest', 0xc0: 'InvalidRequest', 0xc1: 'InvalidRequest', 0xc2: 'InvalidRequest', 0xc3: 'InvalidRequest', 0xc4: 'InvalidRequest', 0x104: 'InvalidRequest',
  0x03: 'InvalidMethod',
  0x100: 'AccessDenied', 0x101: 'AccessDenied',
};

/** Faults that may pass on their own: the host retries the message later. */
const TRANSIENT = new Set([0x04, 0x08, 0x64]);
const THROTTLE = new Set([0x58, 0x14]);

export function hexStatus(status: number): string {
  return `0x${status.toString(16).padStart(8, '0').toUpperCase()}`;
}

/** "ESME_RINVPASWD (invalid password)", or the hex value for a status this table lacks. */
export function describeStatus(status: number): string {
  const known = STATUS_NAMES[status];
  return known ? `${known[0]} (${known[1]})` : `status ${hexStatus(status)}`;
}

export function statusOutcome(status: number): StatusOutcome {
  if (status === 0) return { kind: 'ok' };
  const name = STATUS_NAMES[status]?.[0] ?? `ESME_${hexStatus(status)}`;
  const code = REFUSAL_OF[status] ?? `ESME_${hexStatus(status)}`;
  if (THROTTLE.has(status)) return { kind: 'throttle', code: 'Throttled', name };
  if (TRANSIENT.has(status)) return { kind: 'transient', code, name };
  return { kind: 'rejected', code, name };
}
