import { expect } from 'chai';
import { encodeDeliverSm, encodeDeliverSmResp, encodeSubmitSm, encodeSubmitSmResp, nextSequence } from '../../../../plugins/smpp/pdu-codec.js';
import { makePdu } from '../../../../plugins/smpp/smpp-lib.js';

/** The library's own encoding of the same PDU: the reference every hand-written layout must match. */
function libBytes(command: string, sequence: number, fields: Record<string, unknown>): Buffer {
  const pdu = makePdu(command, { ...fields, sequence_number: sequence }) as unknown as { toBuffer(): Buffer };
  return pdu.toBuffer();
}

describe('smpp plugin: hand-written hot-path PDUs match the library byte for byte', () => {
  const base = {
    source_addr_ton: 1, source_addr_npi: 1, source_addr: '98300012345',
    dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '989121234567',
    esm_class: 0, registered_delivery: 1, data_coding: 0,
  };
  const cases: [string, Record<string, unknown>][] = [
    ['a single GSM-7 part', { ...base, short_message: Buffer.from('Hello Peyk', 'latin1') }],
    ['a UCS-2 part', { ...base, data_coding: 8, short_message: Buffer.from('سلام', 'utf16le').swap16() }],
    ['an alphanumeric sender', { ...base, source_addr_ton: 5, source_addr_npi: 0, source_addr: 'PeykBank', short_message: Buffer.from('x') }],
    ['a UDH part', { ...base, esm_class: 0x40, short_message: Buffer.from([0x05, 0x00, 0x03, 0x2a, 0x02, 0x01, 0x41, 0x42]) }],
    ['SAR TLVs', { ...base, short_message: Buffer.from('part'), sar_msg_ref_num: 513, sar_total_segments: 3, sar_segment_seqnum: 2 }],
    ['message_payload', { ...base, short_message: Buffer.alloc(0), message_payload: Buffer.alloc(400, 0x41) }],
    ['flash UCS-2 with a service type', { ...base, service_type: 'CMT', data_coding: 0x18, short_message: Buffer.from([0x06, 0x33]) }],
  ];
  for (const [name, fields] of cases) {
    it(`submit_sm: ${name}`, () => {
      expect(encodeSubmitSm(77, fields).equals(libBytes('submit_sm', 77, fields))).to.equal(true);
    });
  }

  it('deliver_sm: a receipt with text and TLVs', () => {
    const fields = {
      ...base, esm_class: 0x04, short_message: Buffer.from('id:1A2B sub:001 dlvrd:001 submit date:2611250101 done date:2611250102 stat:DELIVRD err:000 text:hi', 'latin1'),
      receipted_message_id: '1A2B', message_state: 2,
    };
    expect(encodeDeliverSm(9, fields).equals(libBytes('deliver_sm', 9, fields))).to.equal(true);
  });

  it('submit_sm_resp and deliver_sm_resp, accepted and refused', () => {
    const ok = makePdu('submit_sm', { sequence_number: 5 }) as unknown as { response(f?: Record<string, unknown>): { toBuffer(): Buffer } };
    expect(encodeSubmitSmResp(5, 0, 'ABC123').equals(ok.response({ message_id: 'ABC123' }).toBuffer())).to.equal(true);
    expect(encodeSubmitSmResp(5, 0x58, 'ignored').equals(ok.response({ command_status: 0x58 }).toBuffer())).to.equal(true);
    const deliver = makePdu('deliver_sm', { sequence_number: 6 }) as unknown as { response(f?: Record<string, unknown>): { toBuffer(): Buffer } };
    expect(encodeDeliverSmResp(6, 0).equals(deliver.response().toBuffer())).to.equal(true);
  });

  it('refuses what the protocol cannot carry instead of writing a broken PDU', () => {
    expect(() => encodeSubmitSm(1, { ...base, destination_addr: '9'.repeat(21) })).to.throw(/destination_addr/);
    expect(() => encodeSubmitSm(1, { ...base, short_message: Buffer.alloc(255) })).to.throw(/254/);
  });

  it('shares the library session counter and wraps as the library does', () => {
    const session = { sequence: 0x7ffffffe };
    expect(nextSequence(session)).to.equal(0x7fffffff);
    expect(nextSequence(session)).to.equal(1);
  });
});
