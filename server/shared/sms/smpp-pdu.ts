/**
 * The hot-path PDUs written directly (SMPP 3.4 §4.4.1 submit_sm, §4.6.1 deliver_sm and their
 * responses) instead of through the `smpp` library, whose generic encoder (field filters, a new PDU
 * object and a write callback per message) was a quarter of the panel's CPU at 10,000 msg/s. The
 * layouts are the protocol's; tests/unit/plugins/smpp/pdu-codec.test.ts checks every one byte for
 * byte against the library's own encoding. Other PDUs (binds, enquire_link, unbind, generic_nack)
 * still go through the library. Shared by both sides of SMPP: the client plugin (plugins/smpp,
 * through the gateway SDK) and the built-in SMPP server (developer/smpp-server).
 */

const HEADER = 16;
const SUBMIT_SM = 0x00000004;
const SUBMIT_SM_RESP = 0x80000004;
const DELIVER_SM = 0x00000005;
const DELIVER_SM_RESP = 0x80000005;

/** TLVs this plugin and the simulator send: tag and how the value is written. */
const TLVS: Record<string, { tag: number; kind: 'u8' | 'u16' | 'octets' | 'cstring' }> = {
  sar_msg_ref_num: { tag: 0x020c, kind: 'u16' },
  sar_total_segments: { tag: 0x020e, kind: 'u8' },
  sar_segment_seqnum: { tag: 0x020f, kind: 'u8' },
  message_payload: { tag: 0x0424, kind: 'octets' },
  receipted_message_id: { tag: 0x001e, kind: 'cstring' },
  message_state: { tag: 0x0427, kind: 'u8' },
};

/** The fields of a submit_sm or deliver_sm, by the library's names. */
export interface ShortMessageFields {
  service_type?: string;
  source_addr_ton?: number;
  source_addr_npi?: number;
  source_addr?: string;
  dest_addr_ton?: number;
  dest_addr_npi?: number;
  destination_addr?: string;
  esm_class?: number;
  protocol_id?: number;
  priority_flag?: number;
  registered_delivery?: number;
  data_coding?: number;
  short_message?: Buffer;
  [tlv: string]: unknown;
}

function cstring(value: unknown, max: number, name: string): Buffer {
  const text = value === undefined || value === null ? '' : String(value);
  const bytes = Buffer.from(text, 'ascii');
  if (bytes.length > max - 1) throw new Error(`${name} longer than ${max - 1} characters`);
  return bytes;
}

function tlvBytes(fields: ShortMessageFields): Buffer[] {
  const out: Buffer[] = [];
  for (const key of Object.keys(fields)) {
    const tlv = TLVS[key];
    const value = fields[key];
    if (!tlv || value === undefined || value === null) continue;
    let body: Buffer;
    if (tlv.kind === 'u8') body = Buffer.from([Number(value) & 0xff]);
    else if (tlv.kind === 'u16') {
      body = Buffer.alloc(2);
      body.writeUInt16BE(Number(value) & 0xffff);
    } else if (tlv.kind === 'cstring') body = Buffer.concat([Buffer.from(String(value), 'ascii'), Buffer.from([0])]);
    else body = Buffer.isBuffer(value) ? value : Buffer.from(String(value));
    const head = Buffer.alloc(4);
    head.writeUInt16BE(tlv.tag, 0);
    head.writeUInt16BE(body.length, 2);
    out.push(head, body);
  }
  return out;
}

function shortMessagePdu(commandId: number, sequence: number, f: ShortMessageFields): Buffer {
  const serviceType = cstring(f.service_type, 6, 'service_type');
  const source = cstring(f.source_addr, 21, 'source_addr');
  const destination = cstring(f.destination_addr, 21, 'destination_addr');
  const message = f.short_message ?? Buffer.alloc(0);
  if (message.length > 254) throw new Error('short_message longer than 254 octets');
  const tlvs = tlvBytes(f);
  let tlvLength = 0;
  for (const b of tlvs) tlvLength += b.length;
  // Fixed octets: header, 3 C-string terminators, 2 empty C-strings (schedule, validity) and 12 one-octet fields.
  const length = HEADER + serviceType.length + 1 + source.length + 1 + destination.length + 1 + 2 + 12 + message.length + tlvLength;
  const buf = Buffer.allocUnsafe(length);
  buf.writeUInt32BE(length, 0);
  buf.writeUInt32BE(commandId, 4);
  buf.writeUInt32BE(0, 8);
  buf.writeUInt32BE(sequence, 12);
  let o = HEADER;
  o += serviceType.copy(buf, o); buf[o++] = 0;
  buf[o++] = (f.source_addr_ton ?? 0) & 0xff;
  buf[o++] = (f.source_addr_npi ?? 0) & 0xff;
  o += source.copy(buf, o); buf[o++] = 0;
  buf[o++] = (f.dest_addr_ton ?? 0) & 0xff;
  buf[o++] = (f.dest_addr_npi ?? 0) & 0xff;
  o += destination.copy(buf, o); buf[o++] = 0;
  buf[o++] = (f.esm_class ?? 0) & 0xff;
  buf[o++] = (f.protocol_id ?? 0) & 0xff;
  buf[o++] = (f.priority_flag ?? 0) & 0xff;
  buf[o++] = 0; // schedule_delivery_time: immediate
  buf[o++] = 0; // validity_period: the centre's default
  buf[o++] = (f.registered_delivery ?? 0) & 0xff;
  buf[o++] = 0; // replace_if_present_flag
  buf[o++] = (f.data_coding ?? 0) & 0xff;
  buf[o++] = 0; // sm_default_msg_id
  buf[o++] = message.length;
  o += message.copy(buf, o);
  for (const b of tlvs) o += b.copy(buf, o);
  return buf;
}

export function encodeSubmitSm(sequence: number, fields: ShortMessageFields): Buffer {
  return shortMessagePdu(SUBMIT_SM, sequence, fields);
}

export function encodeDeliverSm(sequence: number, fields: ShortMessageFields): Buffer {
  return shortMessagePdu(DELIVER_SM, sequence, fields);
}

function respPdu(commandId: number, sequence: number, status: number, messageId: string | null): Buffer {
  // A response with an error status has no body (as the library writes it).
  const id = status === 0 && messageId !== null ? Buffer.from(messageId, 'ascii') : null;
  const length = HEADER + (id ? id.length + 1 : 0);
  const buf = Buffer.allocUnsafe(length);
  buf.writeUInt32BE(length, 0);
  buf.writeUInt32BE(commandId, 4);
  buf.writeUInt32BE(status >>> 0, 8);
  buf.writeUInt32BE(sequence, 12);
  if (id) {
    id.copy(buf, HEADER);
    buf[length - 1] = 0;
  }
  return buf;
}

export function encodeSubmitSmResp(sequence: number, status: number, messageId: string): Buffer {
  return respPdu(SUBMIT_SM_RESP, sequence, status, messageId);
}

/** deliver_sm_resp carries an empty message_id (unused by the protocol). */
export function encodeDeliverSmResp(sequence: number, status: number): Buffer {
  return respPdu(DELIVER_SM_RESP, sequence, status, '');
}

/** The library's sequence rule (1..0x7FFFFFFF, wrapping), applied to its own counter so both share it. */
export function nextSequence(session: { sequence: number }): number {
  if (session.sequence >= 0x7fffffff) session.sequence = 0;
  return ++session.sequence;
}
