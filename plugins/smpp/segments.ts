import { splitParts, type OutboundMessage } from '../../server/gateways/gateway-sdk.js';
import { encodeGsm7, packSeptets } from './gsm7.js';

export type LongMessageMode = 'udh8' | 'udh16' | 'sar' | 'payload';
export type GsmPacking = 'unpacked' | 'packed';

export interface EncodingOptions {
  /** data_coding for gsm7 texts: 0 (GSM 03.38), 1 (IA5/ASCII) or 3 (Latin-1). */
  defaultDataCoding: 0 | 1 | 3;
  gsmPacking: GsmPacking;
  longMessage: LongMessageMode;
}

/** The fields of one submit_sm that depend on the text; addresses and flags are the session's. */
export interface Segment {
  shortMessage: Buffer;
  esmClass: number;
  dataCoding: number;
  /** TLVs by the library's names (sar_*, message_payload). */
  tlvs: Record<string, unknown>;
}

const UDHI = 0x40;

/** UTF-16BE, as SMPP's data_coding 8 carries UCS-2 (a surrogate pair is two units, kept whole by splitParts). */
export function encodeUcs2(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

function encodeSingleByte(text: string, dataCoding: 1 | 3): Buffer {
  // IA5 is 7-bit ASCII and Latin-1 one byte per character; the centre converts either to GSM-7
  // for the air. A GSM-7 character neither has (Δ, Φ…) goes as '?', visibly rather than silently dropped.
  const limit = dataCoding === 1 ? 0x7f : 0xff;
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[i] = c <= limit ? c : 0x3f;
  }
  return out;
}

/**
 * data_coding for a message: UCS-2 is always 8; gsm7 uses the configured coding. Flash is message
 * class 0, which only the "general data coding" group can say: 0x10 with the GSM alphabet, 0x18
 * with UCS-2 (so a flash gsm7 text is always sent in GSM 03.38, whatever defaultDataCoding says).
 */
export function dataCodingOf(message: Pick<OutboundMessage, 'encoding' | 'flash'>, options: EncodingOptions): number {
  if (message.encoding === 'ucs2') return message.flash ? 0x18 : 0x08;
  return message.flash ? 0x10 : options.defaultDataCoding;
}

function encodeText(text: string, dataCoding: number): Buffer {
  if ((dataCoding & 0x0f) === 0x08) return encodeUcs2(text);
  if (dataCoding === 1 || dataCoding === 3) return encodeSingleByte(text, dataCoding);
  return encodeGsm7(text);
}

/** Septets go packed only with the GSM alphabet and packing on; the header then sits before fill bits. */
function body(text: string, dataCoding: number, options: EncodingOptions, udh: Buffer | null): Buffer {
  const encoded = encodeText(text, dataCoding);
  const gsmAlphabet = dataCoding === 0 || dataCoding === 0x10;
  if (!gsmAlphabet || options.gsmPacking !== 'packed') return udh ? Buffer.concat([udh, encoded]) : encoded;
  const packed = packSeptets(encoded, udh ? udh.length : 0);
  if (udh) udh.copy(packed, 0);
  return packed;
}

/** UDH for concatenation: IEI 0x00 (8-bit reference) or 0x08 (16-bit reference). */
export function concatUdh(mode: 'udh8' | 'udh16', ref: number, total: number, seq: number): Buffer {
  return mode === 'udh8'
    ? Buffer.from([0x05, 0x00, 0x03, ref & 0xff, total, seq])
    : Buffer.from([0x06, 0x08, 0x04, (ref >> 8) & 0xff, ref & 0xff, total, seq]);
}

/**
 * The submit_sm payloads for one message, cut where the panel counted its parts (splitParts). `ref`
 * is the concatenation reference (the caller keeps a counter; 8 or 16 bits are used as the mode says).
 */
export function buildSegments(message: Pick<OutboundMessage, 'text' | 'encoding' | 'flash'>, options: EncodingOptions, ref: number): Segment[] {
  const dataCoding = dataCodingOf(message, options);
  const texts = splitParts(message.text, message.encoding);
  if (texts.length <= 1) {
    return [{ shortMessage: body(message.text, dataCoding, options, null), esmClass: 0, dataCoding, tlvs: {} }];
  }
  if (texts.length > 255) throw new Error(`${texts.length} parts: SMS concatenation allows at most 255`);
  if (options.longMessage === 'payload') {
    return [{ shortMessage: Buffer.alloc(0), esmClass: 0, dataCoding, tlvs: { message_payload: body(message.text, dataCoding, options, null) } }];
  }
  const total = texts.length;
  return texts.map((text, i) => {
    if (options.longMessage === 'sar') {
      return {
        shortMessage: body(text, dataCoding, options, null),
        esmClass: 0,
        dataCoding,
        tlvs: { sar_msg_ref_num: ref & 0xffff, sar_total_segments: total, sar_segment_seqnum: i + 1 },
      };
    }
    const udh = concatUdh(options.longMessage === 'udh16' ? 'udh16' : 'udh8', ref, total, i + 1);
    return { shortMessage: body(text, dataCoding, options, udh), esmClass: UDHI, dataCoding, tlvs: {} };
  });
}
