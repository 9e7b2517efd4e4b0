import { expect } from 'chai';
import { countParts } from '../../../../server/shared/sms/sms-text.js';
import { decodeGsm7, unpackSeptets } from '../../../../plugins/smpp/gsm7.js';
import { buildSegments, dataCodingOf, type EncodingOptions } from '../../../../plugins/smpp/segments.js';

const base: EncodingOptions = { defaultDataCoding: 0, gsmPacking: 'unpacked', longMessage: 'udh8' };
const msg = (text: string, encoding: 'gsm7' | 'ucs2' = 'gsm7', flash = false) => ({ text, encoding, flash });

describe('SMPP plugin: splitting and concatenation headers', () => {
  it('sends a short text as one part without a header', () => {
    const [s, ...rest] = buildSegments(msg('Hello'), base, 1);
    expect(rest).to.have.length(0);
    expect(s!.esmClass).to.equal(0);
    expect(s!.dataCoding).to.equal(0);
    expect(s!.shortMessage.toString('latin1')).to.equal('Hello');
  });

  it('cuts a long gsm7 text where countParts counts, with an 8-bit UDH (IEI 0x00) and esm_class 0x40', () => {
    const text = 'a'.repeat(152) + '€' + 'b'.repeat(10);
    const segments = buildSegments(msg(text), base, 0x1a7);
    expect(segments).to.have.length(countParts(text).parts);
    segments.forEach((s, i) => {
      expect(s.esmClass).to.equal(0x40);
      expect([...s.shortMessage.subarray(0, 6)]).to.deep.equal([0x05, 0x00, 0x03, 0xa7, segments.length, i + 1]);
    });
    // The escape pair did not fit in part 1 (152 + 2 > 153): it starts part 2.
    expect(decodeGsm7(segments[0]!.shortMessage.subarray(6))).to.equal('a'.repeat(152));
    expect(decodeGsm7(segments[1]!.shortMessage.subarray(6))).to.equal('€' + 'b'.repeat(10));
  });

  it('uses a 16-bit reference with IEI 0x08', () => {
    const segments = buildSegments(msg('x'.repeat(200)), { ...base, longMessage: 'udh16' }, 0x1234);
    expect(segments).to.have.length(2);
    expect([...segments[1]!.shortMessage.subarray(0, 7)]).to.deep.equal([0x06, 0x08, 0x04, 0x12, 0x34, 2, 2]);
  });

  it('puts SAR TLVs instead of a header', () => {
    const segments = buildSegments(msg('س'.repeat(140), 'ucs2'), { ...base, longMessage: 'sar' }, 77);
    expect(segments).to.have.length(3);
    segments.forEach((s, i) => {
      expect(s.esmClass).to.equal(0);
      expect(s.dataCoding).to.equal(8);
      expect(s.tlvs).to.deep.equal({ sar_msg_ref_num: 77, sar_total_segments: 3, sar_segment_seqnum: i + 1 });
    });
    expect(segments[0]!.shortMessage.length).to.equal(67 * 2);
  });

  it('sends the whole text in message_payload', () => {
    const text = 'y'.repeat(500);
    const segments = buildSegments(msg(text), { ...base, longMessage: 'payload' }, 1);
    expect(segments).to.have.length(1);
    expect(segments[0]!.shortMessage.length).to.equal(0);
    expect((segments[0]!.tlvs.message_payload as Buffer).length).to.equal(500);
  });

  it('never splits a surrogate pair in UCS-2 and encodes UTF-16BE', () => {
    const text = 'س'.repeat(66) + '😀' + 'end';
    const segments = buildSegments(msg(text, 'ucs2'), base, 3);
    expect(segments).to.have.length(2);
    const first = segments[0]!.shortMessage.subarray(6);
    expect(first.length).to.equal(66 * 2);
    expect(segments[1]!.shortMessage.subarray(6).swap16().toString('utf16le')).to.equal('😀end');
  });

  it('chooses data_coding: gsm7 as configured, UCS-2 8, flash 0x10 / 0x18', () => {
    expect(dataCodingOf(msg('a'), base)).to.equal(0);
    expect(dataCodingOf(msg('a'), { ...base, defaultDataCoding: 3 })).to.equal(3);
    expect(dataCodingOf(msg('a', 'ucs2'), base)).to.equal(8);
    expect(dataCodingOf(msg('a', 'gsm7', true), { ...base, defaultDataCoding: 3 })).to.equal(0x10);
    expect(dataCodingOf(msg('a', 'ucs2', true), base)).to.equal(0x18);
    const [latin] = buildSegments(msg('é@'), { ...base, defaultDataCoding: 3 }, 1);
    expect([...latin!.shortMessage]).to.deep.equal([0xe9, 0x40]);
  });

  it('packs GSM-7 when asked, the header in front and the text after fill bits', () => {
    const text = 'z'.repeat(170);
    const segments = buildSegments(msg(text), { ...base, gsmPacking: 'packed' }, 9);
    expect([...segments[0]!.shortMessage.subarray(0, 6)]).to.deep.equal([0x05, 0x00, 0x03, 9, 2, 1]);
    expect(decodeGsm7(unpackSeptets(segments[0]!.shortMessage, 153, 6))).to.equal('z'.repeat(153));
    expect(segments[0]!.shortMessage.length).to.equal(140);
  });

  it('refuses a gsm7 message with a character outside GSM-7 (the caller rejects it)', () => {
    expect(() => buildSegments(msg('سلام'), base, 1)).to.throw();
  });
});
