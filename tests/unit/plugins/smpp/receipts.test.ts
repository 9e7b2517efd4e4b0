import { expect } from 'chai';
import { convertReceiptId, isReceipt, parseReceipt, parseReceiptText, queriedStateOf } from '../../../../plugins/smpp/receipts.js';

const text = (id: string, stat: string) => `id:${id} sub:001 dlvrd:001 submit date:2511250301 done date:2511250302 stat:${stat} err:000 text:Hello stat:X`;

describe('SMPP plugin: delivery receipts', () => {
  it('reads the text form, text: running to the end', () => {
    expect(parseReceiptText(text('ABC123', 'DELIVRD'))).to.deep.equal({
      id: 'ABC123', sub: '001', dlvrd: '001', 'submit date': '2511250301', 'done date': '2511250302', stat: 'DELIVRD', err: '000', text: 'Hello stat:X',
    });
  });

  it('is lenient: case, order, missing fields, extra spaces', () => {
    const r = parseReceipt({ esmClass: 4, text: 'STAT:undeliv  ID: 77 Err:005' }, 'as-is');
    expect(r).to.deep.include({ id: '77', stat: 'UNDELIV', state: 'undelivered', err: '005' });
    expect(parseReceipt({ esmClass: 4, text: 'id:5' }, 'as-is')).to.equal(null);
    expect(parseReceipt({ esmClass: 4, text: 'stat:DELIVRD' }, 'as-is')).to.equal(null);
  });

  it('maps every stat word', () => {
    const expected: Record<string, string> = {
      DELIVRD: 'delivered', UNDELIV: 'undelivered', EXPIRED: 'expired', REJECTD: 'rejected', DELETED: 'undelivered', UNKNOWN: 'undelivered', ACCEPTD: 'pending', ENROUTE: 'pending',
    };
    for (const [stat, state] of Object.entries(expected)) expect(parseReceipt({ esmClass: 4, text: text('1', stat) }, 'as-is')!.state, stat).to.equal(state);
    expect(parseReceipt({ esmClass: 4, text: text('1', 'WEIRD') }, 'as-is')!.state).to.equal('pending');
  });

  it('prefers the receipted_message_id and message_state TLVs, the text filling what they lack', () => {
    expect(parseReceipt({ esmClass: 4, text: '', receiptedMessageId: 'X9', messageState: 2 }, 'as-is')).to.deep.include({ id: 'X9', stat: 'DELIVRD', state: 'delivered' });
    expect(parseReceipt({ esmClass: 4, text: text('OTHER', 'EXPIRED'), receiptedMessageId: 'X9' }, 'as-is')).to.deep.include({ id: 'X9', state: 'expired' });
    const states: Record<number, string> = { 1: 'pending', 2: 'delivered', 3: 'expired', 4: 'undelivered', 5: 'undelivered', 6: 'pending', 7: 'undelivered', 8: 'rejected' };
    for (const [n, state] of Object.entries(states)) expect(parseReceipt({ esmClass: 4, text: '', receiptedMessageId: 'a', messageState: Number(n) }, 'as-is')!.state, n).to.equal(state);
  });

  it('converts ids between hex and decimal as configured', () => {
    expect(convertReceiptId('1A2B', 'hex-to-decimal')).to.equal('6699');
    expect(convertReceiptId('6699', 'decimal-to-hex')).to.equal('1a2b');
    expect(convertReceiptId('00FF', 'as-is')).to.equal('00FF');
    expect(convertReceiptId('FFFFFFFFFFFFFFFF', 'hex-to-decimal')).to.equal('18446744073709551615');
    expect(convertReceiptId('not-hex', 'hex-to-decimal')).to.equal('not-hex');
    expect(parseReceipt({ esmClass: 4, text: text('ff', 'DELIVRD') }, 'hex-to-decimal')!.id).to.equal('255');
  });

  it('tells receipts from mobile-originated messages by esm_class, intermediate ones stay pending', () => {
    expect(isReceipt(0x04)).to.equal(true);
    expect(isReceipt(0x08)).to.equal(true);
    expect(isReceipt(0x20)).to.equal(true);
    expect(isReceipt(0x00)).to.equal(false);
    expect(isReceipt(0x40)).to.equal(false);
    expect(parseReceipt({ esmClass: 0x20, text: text('1', 'DELIVRD') }, 'as-is')!.state).to.equal('pending');
  });
});

describe('smpp query_sm_resp message_state (SMPP 3.4 §5.2.28)', () => {
  it('reads the states a query answers as the host\'s states; UNKNOWN and values outside 3.4 leave the receiver as it is', () => {
    const read = (n: number) => queriedStateOf(n);
    expect([1, 2, 3, 4, 5, 6, 8].map((n) => read(n).state)).to.deep.equal(['pending', 'delivered', 'expired', 'undelivered', 'undelivered', 'pending', 'rejected']);
    expect([1, 2, 3, 4, 5, 6, 8].map((n) => read(n).stat)).to.deep.equal(['ENROUTE', 'DELIVRD', 'EXPIRED', 'DELETED', 'UNDELIV', 'ACCEPTD', 'REJECTD']);
    expect(read(7)).to.deep.equal({ state: 'unknown', stat: 'UNKNOWN' });
    expect(read(0).state).to.equal('unknown');
    expect(read(42)).to.deep.equal({ state: 'unknown', stat: 'STATE_42' });
    expect(read(-1).state).to.equal('unknown');
  });
});
